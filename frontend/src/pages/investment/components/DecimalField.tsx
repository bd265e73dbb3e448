//! A decimal field of a project (万元, 亩, m², degrees): typed as text, never through a float — the
//! server keeps `decimal(18,4)` and an amount must reach it digit for digit. While edited it shows what
//! was typed, and once left the figure without the zeros its scale would pad it with (52000.5, not
//! 52000.5000); read-only, with the decimals a clerk reads (two for money) and its unit.
import type { ProFormDigitProps } from '@ant-design/pro-components';
import React from 'react';
import { ProFormFigure } from '@/components/Crud';
import { formatMoney, NONE } from '@/components/Figures';

export interface DecimalFieldProps extends ProFormDigitProps {
  unit?: string;
  /** the decimals kept (4 for 万元, as the server stores them) */
  scale?: number;
  /** the decimals shown when read (2 for money) */
  shown?: number;
}

/** The input's text: as typed while typing; else the value without trailing decimal zeros. */
export function decimalInputText(value: string | number | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  const text = value === undefined || value === null ? '' : String(value);
  return /^-?\d+\.\d*$/.test(text) ? text.replace(/\.?0+$/, '') : text;
}

export const DecimalField: React.FC<DecimalFieldProps> = ({ unit, scale = 4, shown = 2, min = 0, fieldProps, ...rest }) => (
  <ProFormFigure
    {...rest}
    unit={unit}
    min={min}
    fieldProps={{ precision: scale, stringMode: true, formatter: decimalInputText, ...fieldProps }}
    proFieldProps={{
      render: (text: unknown) => {
        const figure = formatMoney(text, shown);
        return figure === NONE || !unit ? figure : `${figure} ${unit}`;
      },
    }}
  />
);

export default DecimalField;
