//! The renovation facts of a 技术改造 project (domain-model §2.2.4) in the project form: shown only
//! while the project's type is 技改, under `renovation` — its kind, filing, the equipment it buys (also
//! the project's 其中设备投资, required and within the total), whether it is a key renovation and asks
//! for the subsidy (the amount only then), and what it is expected to add.
import { ProFormDatePicker, ProFormDependency, ProFormDigit, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React from 'react';
import { FormSection, ProFormDictSelect } from '@/components/Crud';
import { NO, RENOVATION_TYPE, YES } from '@/services/business/project';
import DecimalField from './DecimalField';
import { PROJECT_DICT } from './projectDicts';
import { withinTotalRule } from './projectRules';

/** What the online approval platform's codes are made of (the server uppercases them). */
const PLATFORM_CODE = /^[A-Za-z0-9-]*$/;
const DAY = { style: { width: '100%' } };

const RenovationFields: React.FC<{ view: boolean }> = ({ view }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.project.${key}` });
  const label = (f: string) => t(`renovation.${f}`);
  const name = (f: string) => ['renovation', f];
  const wan = t('unit.wan');
  const yesNo = [
    { value: YES, label: t('yes') },
    { value: NO, label: t('no') },
  ];
  const flag = (f: string) => (
    <ProFormRadio.Group name={name(f)} label={label(f)} options={yesNo} radioType={view ? 'radio' : 'button'} />
  );
  return (
    <ProFormDependency name={['projectType']}>
      {({ projectType }) =>
        projectType === RENOVATION_TYPE ? (
          <>
            <FormSection>{t('section.renovation')}</FormSection>
            <ProFormDictSelect name={name('renovationType')} label={label('renovationType')} code={PROJECT_DICT.renovationType} rules={[{ required: true }]} />
            <DecimalField
              name={name('equipmentInvestment')}
              label={label('equipmentInvestment')}
              unit={wan}
              dependencies={['totalInvestment']}
              rules={[{ required: true }, withinTotalRule(intl, 'equipmentInvestment')]}
            />
            <ProFormDigit name={name('newEquipmentCount')} label={label('newEquipmentCount')} min={0} max={1000000} fieldProps={{ precision: 0, suffix: t('unit.set') }} />
            <ProFormText
              name={name('filingCode')}
              label={label('filingCode')}
              fieldProps={{ maxLength: 24, style: { textTransform: 'uppercase' } }}
              rules={[{ max: 24 }, { pattern: PLATFORM_CODE, message: t('rule.filingCode') }]}
            />
            <ProFormDatePicker name={name('filingDate')} label={label('filingDate')} fieldProps={DAY} />
            {flag('isKeyRenovation')}
            {flag('subsidyApplied')}
            <ProFormDependency name={[name('subsidyApplied')]}>
              {({ renovation }) =>
                renovation?.subsidyApplied === YES ? <DecimalField name={name('subsidyAmount')} label={label('subsidyAmount')} unit={wan} /> : null
              }
            </ProFormDependency>
            <DecimalField name={name('expectedNewOutput')} label={label('expectedNewOutput')} unit={wan} />
            <DecimalField name={name('expectedNewTax')} label={label('expectedNewTax')} unit={wan} />
            <DecimalField name={name('expectedEnergySaving')} label={label('expectedEnergySaving')} unit={t('unit.tce')} scale={2} />
          </>
        ) : null
      }
    </ProFormDependency>
  );
};

export default RenovationFields;
