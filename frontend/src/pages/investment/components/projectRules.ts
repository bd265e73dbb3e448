//! The checks the project form makes before anything is sent, in the server's words (the server makes
//! them again and its refusal lands on the same field): the total above zero, its parts within it,
//! completion not before start. Amounts compare as decimals, never as floats.
import type { useIntl } from '@umijs/max';
import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import { compareDecimals } from './projectValues';

type Intl = ReturnType<typeof useIntl>;

const refuse = (intl: Intl, id: string) => Promise.reject(new Error(intl.formatMessage({ id: `pages.investment.project.rule.${id}` })));

/** 计划总投资 > 0 (when filled in: a draft may leave it empty). */
export function positiveRule(intl: Intl): FormRule {
  return {
    validator: (_, value) => (compareDecimals(value, '0') === undefined || compareDecimals(value, '0')! > 0 ? Promise.resolve() : refuse(intl, 'totalInvestment')),
  };
}

/** A part of the total (固定资产投资, 设备投资) is not above it. */
export function withinTotalRule(intl: Intl, field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value) => ((compareDecimals(value, getFieldValue('totalInvestment')) ?? 0) > 0 ? refuse(intl, field) : Promise.resolve()),
  });
}

/** A day or year (`field`) that is not before the one in `start`. */
export function notBeforeRule(intl: Intl, start: string, field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value) => {
      const from = getFieldValue(start);
      if (!value || !from) return Promise.resolve();
      const before = typeof value === 'number' ? value < Number(from) : dayjs(value).isBefore(dayjs(from), 'day');
      return before ? refuse(intl, field) : Promise.resolve();
    },
  });
}
