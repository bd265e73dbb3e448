//! Defaults for `useRequest` hooks (SPEC §9): cached results live 60 s, and a refresh on window
//! focus happens at most once per 5000 ms.
export const REQUEST_CACHE_TIME_MS = 60000;
export const FOCUS_TIMESPAN_MS = 5000;

export const useRequestDefaults = {
  cacheTime: REQUEST_CACHE_TIME_MS,
  focusTimespan: FOCUS_TIMESPAN_MS,
};
