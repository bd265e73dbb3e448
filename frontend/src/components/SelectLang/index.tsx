//! The language switch of the header and of the sign-in pages: a language whose messages are not loaded
//! yet is loaded before the switch (src/utils/language.ts).
import { SelectLang as UmiSelectLang, useIntl } from '@umijs/max';
import React from 'react';
import { switchLanguage } from '@/utils/language';

const SelectLang: React.FC<{ style?: React.CSSProperties }> = ({ style }) => {
  const { locale } = useIntl();
  return (
    <UmiSelectLang
      // Mounted afresh on each switch: the menu marks the language in use from its own first state.
      key={locale}
      style={style}
      onItemClick={({ key }) => void switchLanguage(String(key))}
    />
  );
};

export default SelectLang;
