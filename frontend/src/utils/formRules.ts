//! Form rules and messages written once for every form: the required message of a field that is
//! chosen rather than typed, phone numbers as a Chinese user writes them, a password typed twice, and
//! antd's type messages in the interface's language.
import type { FormRule } from 'antd';
import type { useIntl } from '@umijs/max';

type Intl = ReturnType<typeof useIntl>;

/** A select, tree select or date field that must be filled: 请选择… (antd's default, 请输入…, asks to
 * type into a field that offers a choice). */
export function chooseRule(intl: Intl, label: string): FormRule {
  return { required: true, message: intl.formatMessage({ id: 'form.choose.required' }, { label }) };
}

/** The rules of a shared picker with a bare `{ required: true }` saying 请选择… (see `chooseRule`);
 * other rules stay as they are. */
export function choiceRules(intl: Intl, rules: FormRule[] | undefined, label: unknown): FormRule[] | undefined {
  if (!rules || typeof label !== 'string') return rules;
  return rules.map((r) => (typeof r === 'object' && r.required && !r.message ? { ...r, ...chooseRule(intl, label) } : r));
}

/** A mainland mobile number: 11 digits starting with 1 (an optional +86 in front). Spaces and hyphens
 * people type between the groups (138 0013 8000) are allowed. */
const MOBILE = /^(\+?86)?1[3-9]\d{9}$/;
/** A landline with its area code (0 and 2–3 digits), an optional hyphen, 7–8 digits and an optional
 * extension: 0551-63350000, 010 88886666, 0512-6666 8888-123. */
const LANDLINE = /^0\d{2,3}-?[1-9]\d{6,7}(-\d{1,6})?$/;

export const isMobile = (value: string) => MOBILE.test(value.replace(/[\s-]/g, ''));
export const isLandline = (value: string) => LANDLINE.test(value.replace(/\s/g, ''));

/**
 * A person's own phone (手机号码 of an account, a registration, a profile): a mobile number. A 7-digit
 * number is a local landline without its area code and reaches no one from outside the city.
 */
export function mobileRule(intl: Intl): FormRule {
  return {
    validator: (_, value) =>
      !value || isMobile(String(value)) ? Promise.resolve() : Promise.reject(new Error(intl.formatMessage({ id: 'form.phone.mobile' }))),
  };
}

/**
 * The phone of an enterprise or a tenant (联系电话): an office landline with its area code is as
 * usual as a mobile number, so either is taken.
 */
export function contactPhoneRule(intl: Intl): FormRule {
  return {
    validator: (_, value) =>
      !value || isMobile(String(value)) || isLandline(String(value))
        ? Promise.resolve()
        : Promise.reject(new Error(intl.formatMessage({ id: 'form.phone.contact' }))),
  };
}

/** The second entry of a password: the same as the field `first`, said on the field itself. */
export function sameAsRule(intl: Intl, first: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue(first) === value ? Promise.resolve() : Promise.reject(new Error(intl.formatMessage({ id: 'form.password.mismatch' }))),
  });
}

/**
 * antd's type messages in the interface's language: its zh-CN set reads "邮箱不是一个有效的email".
 * The texts keep antd's `${label}` placeholder, handed back to formatMessage as its own value.
 */
export function validateMessages(intl: Intl) {
  const text = (type: string) => intl.formatMessage({ id: `form.type.${type}` }, { label: '${label}' });
  return {
    types: {
      email: text('email'),
      url: text('url'),
      number: text('number'),
      integer: text('number'),
      float: text('number'),
      date: text('date'),
    },
  };
}
