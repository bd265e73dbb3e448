// English is listed here so that Umi's locale plugin offers it (the language menu, antd's English
// locale), but its messages are loaded when English is chosen: src/utils/language.ts, src/i18n/en-US.
export default {};
