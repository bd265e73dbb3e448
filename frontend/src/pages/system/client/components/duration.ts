//! Token lifetimes are stored in seconds; people read them in days, hours and minutes.

export interface DurationUnits {
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** `90061` → `1 天 1 小时 1 分钟 1 秒` (zero parts left out; `0` → `0 秒`). */
export function humanDuration(seconds: number | undefined | null, units: DurationUnits): string {
  const total = Math.max(0, Math.floor(Number(seconds) || 0));
  const parts: [number, string][] = [
    [Math.floor(total / 86400), units.day],
    [Math.floor((total % 86400) / 3600), units.hour],
    [Math.floor((total % 3600) / 60), units.minute],
    [total % 60, units.second],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, u]) => `${n} ${u}`);
  return shown.length ? shown.join(' ') : `0 ${units.second}`;
}
