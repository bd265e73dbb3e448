//! The enterprise form shown in the drawer of /system/enterprise for adding, changing and viewing one
//! enterprise (domain-model §2.1). Dictionary fields pick the tenant's business dictionaries, the
//! department fields the tenant's department tree; 规上工业 asks for the month it entered the statistics.
import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import dayjs from 'dayjs';
import React from 'react';
import { FormSection, ProFormDeptTreeSelect, ProFormDictSelect, ProFormFigure, TREE_SELECT_DEFAULTS } from '@/components/Crud';
import { ABOVE_SCALE_CATEGORY, type EnterpriseRecord, type EnterpriseSubmit, NO, YES } from '@/services/business/enterprise';
import { chooseRule, contactPhoneRule } from '@/utils/formRules';
import { DICT, useIndustryTree } from './dicts';

/** The server's alphabet of credit codes (GB 32100: digits and capitals without I, O, Z, S, V). */
const CREDIT_CODE = /^[0-9ABCDEFGHJKLMNPQRTUWXY]{18}$/;

export interface EnterpriseFormValues {
  enterpriseName?: string;
  shortName?: string;
  creditCode?: string;
  companyType?: string;
  industryCode?: string;
  leadingIndustry?: string;
  deptId?: string;
  industryDeptId?: string;
  legalPerson?: string;
  registeredCapital?: number;
  establishDate?: string;
  registeredAddress?: string;
  productionAddress?: string;
  longitude?: number;
  latitude?: number;
  statCategory?: string;
  aboveScalePeriod?: string;
  enterpriseScale?: string;
  isHighTech?: string;
  specializedLevel?: string;
  isListed?: string;
  employeeCount?: number;
  landArea?: number;
  mainProducts?: string;
  contactName?: string;
  contactPhone?: string;
  liaisonLeader?: string;
  liaisonDeptId?: string;
  operatingStatus?: string;
  needOutputReport?: string;
  remark?: string;
  /** read-only, kept by the output module */
  lastYearOutput?: number;
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : Number(v));
const str = (v: string | null | undefined) => (v ? String(v) : undefined);

export function toFormValues(e: EnterpriseRecord): EnterpriseFormValues {
  return {
    enterpriseName: e.enterpriseName,
    shortName: e.shortName,
    creditCode: e.creditCode,
    companyType: str(e.companyType),
    industryCode: str(e.industryCode),
    leadingIndustry: str(e.leadingIndustry),
    deptId: str(e.deptId),
    industryDeptId: str(e.industryDeptId),
    legalPerson: e.legalPerson,
    registeredCapital: num(e.registeredCapital),
    establishDate: str(e.establishDate),
    registeredAddress: e.registeredAddress,
    productionAddress: e.productionAddress,
    longitude: num(e.longitude),
    latitude: num(e.latitude),
    statCategory: str(e.statCategory),
    aboveScalePeriod: str(e.aboveScalePeriod),
    enterpriseScale: str(e.enterpriseScale),
    isHighTech: str(e.isHighTech),
    specializedLevel: str(e.specializedLevel),
    isListed: str(e.isListed),
    employeeCount: num(e.employeeCount),
    landArea: num(e.landArea),
    mainProducts: e.mainProducts,
    contactName: e.contactName,
    contactPhone: e.contactPhone,
    liaisonLeader: e.liaisonLeader,
    liaisonDeptId: str(e.liaisonDeptId),
    operatingStatus: str(e.operatingStatus),
    needOutputReport: str(e.needOutputReport),
    remark: e.remark,
    lastYearOutput: num(e.lastYearOutput),
  };
}

/** Form values → the `enterprise/submit` body: the whole record, texts trimmed, empty numbers null. */
export function toSubmit(v: EnterpriseFormValues, id?: string): EnterpriseSubmit {
  const text = (s: string | undefined) => (s ?? '').trim();
  const number = (n: number | undefined | null) => (n === undefined || n === null || Number.isNaN(Number(n)) ? null : Number(n));
  const day = (d: unknown, format: string) => (d ? dayjs(d as string).format(format) : '');
  const aboveScale = v.statCategory === ABOVE_SCALE_CATEGORY;
  const body: EnterpriseSubmit = {
    enterpriseName: text(v.enterpriseName),
    shortName: text(v.shortName),
    creditCode: text(v.creditCode).toUpperCase(),
    companyType: v.companyType ?? '',
    industryCode: v.industryCode ?? '',
    leadingIndustry: v.leadingIndustry ?? '',
    deptId: v.deptId ?? null,
    industryDeptId: v.industryDeptId ?? null,
    legalPerson: text(v.legalPerson),
    registeredCapital: number(v.registeredCapital),
    establishDate: day(v.establishDate, 'YYYY-MM-DD'),
    registeredAddress: text(v.registeredAddress),
    productionAddress: text(v.productionAddress),
    longitude: number(v.longitude),
    latitude: number(v.latitude),
    statCategory: v.statCategory ?? '',
    // The month only means something for 规上工业.
    aboveScalePeriod: aboveScale ? day(v.aboveScalePeriod, 'YYYY-MM') : '',
    enterpriseScale: v.enterpriseScale ?? '',
    isHighTech: v.isHighTech ?? NO,
    specializedLevel: v.specializedLevel ?? '',
    isListed: v.isListed ?? NO,
    employeeCount: number(v.employeeCount),
    landArea: number(v.landArea),
    mainProducts: text(v.mainProducts),
    contactName: text(v.contactName),
    contactPhone: text(v.contactPhone),
    liaisonLeader: text(v.liaisonLeader),
    liaisonDeptId: v.liaisonDeptId ?? null,
    operatingStatus: v.operatingStatus ?? '',
    // Empty lets the server decide: 规上工业 reports its output monthly.
    needOutputReport: v.needOutputReport ?? '',
    remark: text(v.remark),
  };
  if (id) body.id = id;
  return body;
}

/** The fields, for a ProForm in grid mode; `view` adds what only the server fills in. */
const EnterpriseFields: React.FC<{ view?: boolean }> = ({ view }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.system.enterprise.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const industries = useIndustryTree();
  const yesNo = [
    { value: YES, label: t('yes') },
    { value: NO, label: t('no') },
  ];
  const section = (key: string) => <FormSection>{t(`section.${key}`)}</FormSection>;
  const wide = { xs: 24, md: 24, lg: 16 };

  return (
    <>
      {section('basic')}
      <ProFormText name="enterpriseName" label={label('enterpriseName')} colProps={wide} rules={[{ required: true }, { max: 100 }]} />
      <ProFormText name="shortName" label={label('shortName')} rules={[{ max: 50 }]} />
      <ProFormText
        name="creditCode"
        label={label('creditCode')}
        tooltip={t('creditCode.help')}
        fieldProps={{ maxLength: 18, style: { textTransform: 'uppercase' } }}
        rules={[
          { required: true },
          {
            validator: (_, value) =>
              !value || CREDIT_CODE.test(String(value).trim().toUpperCase()) ? Promise.resolve() : Promise.reject(new Error(t('creditCode.rule'))),
          },
        ]}
      />
      <ProFormDictSelect name="companyType" label={label('companyType')} code={DICT.companyType} rules={[{ required: true }]} />
      <ProFormText name="legalPerson" label={label('legalPerson')} rules={[{ max: 50 }]} />
      <ProFormTreeSelect
        name="industryCode"
        label={label('industryCode')}
        rules={[chooseRule(intl, label('industryCode'))]}
        fieldProps={{ ...TREE_SELECT_DEFAULTS, treeDefaultExpandAll: false, loading: industries.loading, treeData: industries.options }}
      />
      <ProFormDictSelect name="leadingIndustry" label={label('leadingIndustry')} code={DICT.leadingIndustry} />
      <ProFormDeptTreeSelect name="deptId" label={label('deptId')} fit="park" rules={[{ required: true }]} />
      <ProFormDeptTreeSelect name="industryDeptId" label={label('industryDeptId')} fit="industry" />
      <ProFormDictSelect name="operatingStatus" label={label('operatingStatus')} code={DICT.operatingStatus} rules={[{ required: true }]} />
      <ProFormFigure name="registeredCapital" label={label('registeredCapital')} unit={t('unit.wan')} min={0} fieldProps={{ precision: 4 }} />
      <ProFormDatePicker
        name="establishDate"
        label={label('establishDate')}
        fieldProps={{ style: { width: '100%' }, disabledDate: (d: dayjs.Dayjs) => d.isAfter(dayjs(), 'day') }}
      />
      <ProFormText name="registeredAddress" label={label('registeredAddress')} colProps={wide} rules={[{ max: 200 }]} />
      <ProFormText name="productionAddress" label={label('productionAddress')} colProps={wide} rules={[{ max: 200 }]} />
      <ProFormFigure name="longitude" label={label('longitude')} min={-180} max={180} fieldProps={{ precision: 6 }} />
      <ProFormFigure name="latitude" label={label('latitude')} min={-90} max={90} fieldProps={{ precision: 6 }} />

      {section('scale')}
      <ProFormDictSelect
        name="statCategory"
        label={label('statCategory')}
        tooltip={t('statCategory.help')}
        code={DICT.statCategory}
        rules={[{ required: true }]}
      />
      <ProFormDependency name={['statCategory']}>
        {({ statCategory }) =>
          statCategory === ABOVE_SCALE_CATEGORY ? (
            <ProFormDatePicker.Month
              name="aboveScalePeriod"
              label={label('aboveScalePeriod')}
              rules={[chooseRule(intl, label('aboveScalePeriod'))]}
              fieldProps={{ style: { width: '100%' }, format: 'YYYY-MM' }}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormDictSelect name="enterpriseScale" label={label('enterpriseScale')} code={DICT.enterpriseScale} />
      <ProFormDictSelect name="specializedLevel" label={label('specializedLevel')} code={DICT.specializedLevel} />
      <ProFormRadio.Group name="isHighTech" label={label('isHighTech')} options={yesNo} radioType="button" />
      <ProFormRadio.Group name="isListed" label={label('isListed')} options={yesNo} radioType="button" />
      <ProFormRadio.Group
        name="needOutputReport"
        label={label('needOutputReport')}
        tooltip={t('needOutputReport.help')}
        options={yesNo}
        radioType="button"
      />
      <ProFormFigure
        name="employeeCount"
        label={label('employeeCount')}
        unit={t('unit.person')}
        min={0}
        max={10000000}
        fieldProps={{ precision: 0 }}
      />
      <ProFormFigure name="landArea" label={label('landArea')} unit={t('unit.mu')} min={0} fieldProps={{ precision: 2 }} />
      {view ? (
        // the label says the unit: 上年产值(万元)
        <ProFormFigure name="lastYearOutput" label={label('lastYearOutput')} tooltip={t('lastYearOutput.help')} fieldProps={{ precision: 2 }} />
      ) : null}
      <ProFormTextArea
        name="mainProducts"
        label={label('mainProducts')}
        colProps={{ span: 24 }}
        fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }}
        rules={[{ max: 500 }]}
      />

      {section('contact')}
      <ProFormText name="contactName" label={label('contactName')} rules={[{ required: true }, { max: 50 }]} />
      <ProFormText
        name="contactPhone"
        label={label('contactPhone')}
        rules={[{ required: true }, { max: 30 }, contactPhoneRule(intl)]}
      />
      <ProFormText name="liaisonLeader" label={label('liaisonLeader')} tooltip={t('liaisonLeader.help')} rules={[{ max: 50 }]} />
      <ProFormDeptTreeSelect name="liaisonDeptId" label={label('liaisonDeptId')} />
      <ProFormTextArea
        name="remark"
        label={label('remark')}
        colProps={{ span: 24 }}
        fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }}
        rules={[{ max: 500 }]}
      />
    </>
  );
};

export default EnterpriseFields;
