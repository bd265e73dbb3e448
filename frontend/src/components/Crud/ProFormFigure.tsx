//! A number field counted in a unit (万元, 人, 亩): the unit after the input while it is edited, and
//! after the figure when the form is read (5,000 万元; a read-only digit field otherwise shows
//! 5,000.0000 with no unit at all).
import { ProFormDigit, type ProFormDigitProps } from '@ant-design/pro-components';
import React from 'react';
import { formatFigure } from '@/utils/figures';

export function ProFormFigure({ unit, fieldProps, proFieldProps, ...rest }: ProFormDigitProps & { unit?: string }) {
  const digits = fieldProps?.precision ?? undefined;
  return (
    <ProFormDigit
      {...rest}
      fieldProps={{ suffix: unit, style: { width: '100%' }, ...fieldProps }}
      proFieldProps={{ render: (text: unknown) => formatFigure(text as number | string, { unit, digits }), ...proFieldProps }}
    />
  );
}

export default ProFormFigure;
