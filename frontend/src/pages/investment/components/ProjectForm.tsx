//! The fields of one investment project (domain-model §2.2.1) for a ProForm in grid mode, shared by
//! every investment screen that adds, changes or shows a project. Grouped as a park clerk reads a
//! project: who and what it is, how much, when, who answers for it, and the rest. A draft needs only
//! the name, the type and the park; the fields marked * are checked when the project is submitted for
//! review. What only the server fills in (number, library status, tracking…) shows in view mode. A
//! 技术改造 project adds its renovation facts (RenovationFields).
import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Col, Form } from 'antd';
import React from 'react';
import { type CrudMode, FormSection, ProFormDeptTreeSelect, ProFormDictSelect, TREE_SELECT_DEFAULTS, useDict } from '@/components/Crud';
import { type EnterpriseOption, ProFormEnterpriseSelect } from '@/components/EnterpriseSelect';
import { EXITED_STATUS, NO, NOT_ON_ENTRY, RENOVATION_TYPE, STARTED_STATUSES, YES } from '@/services/business/project';
import { chooseRule, contactPhoneRule } from '@/utils/formRules';
import DecimalField from './DecimalField';
import { PROJECT_DICT, useIndustryTree } from './projectDicts';
import ProjectLibraryFields from './ProjectLibraryFields';
import RenovationFields from './RenovationFields';
import { notBeforeRule, positiveRule, withinTotalRule } from './projectRules';

/** `report_status` 草稿. */
const DRAFT = '0';
/** What the online approval platform's codes are made of (the server uppercases them). */
const APPROVAL_CODE = /^[A-Za-z0-9-]*$/;
const WIDE = { xs: 24, md: 24, lg: 16 };
/** The site and its coordinates share a row. */
const SITE = { xs: 24, md: 24, lg: 12 };
const COORDINATE = { xs: 24, md: 12, lg: 6 };
const FULL = { span: 24 };
const TEXTAREA = { autoSize: { minRows: 2, maxRows: 6 } };
const DAY = { style: { width: '100%' } };

/** The fields; `mode` decides what can be changed (the status only on create) and what is shown
 * (the server's fields only in view). */
const ProjectFields: React.FC<{ mode: CrudMode }> = ({ mode }) => {
  const intl = useIntl();
  const form = Form.useFormInstance();
  const industries = useIndustryTree();
  const statuses = useDict(PROJECT_DICT.projectStatus);
  const view = mode === 'view';
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.project.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const unit = (u: string) => t(`unit.${u}`);
  const section = (key: string) => <FormSection>{t(`section.${key}`)}</FormSection>;
  const yesNo = [
    { value: YES, label: t('yes') },
    { value: NO, label: t('no') },
  ];
  // The park of a new project defaults to its enterprise's.
  const pickEnterprise = (_: unknown, option?: unknown) => {
    const deptId = Array.isArray(option) ? undefined : (option as EnterpriseOption | undefined)?.deptId;
    if (deptId && !form.getFieldValue('deptId')) form.setFieldValue('deptId', deptId);
  };

  return (
    <>
      {view ? null : (
        // how saving works, for a new project or a draft (a returned one has its own hint, ProjectDrawer)
        <ProFormDependency name={['libraryStatus']}>
          {({ libraryStatus }) =>
            !libraryStatus || libraryStatus === DRAFT ? (
              <Col span={24}>
                <Alert type="info" showIcon title={t('draftHint')} style={{ marginBottom: 16 }} />
              </Col>
            ) : null
          }
        </ProFormDependency>
      )}
      {view ? <ProjectLibraryFields title={section('library')} /> : null}
      {section('basic')}
      <ProFormText name="projectName" label={label('projectName')} colProps={WIDE} rules={[{ required: true }, { max: 200 }]} />
      <ProFormDictSelect name="projectType" label={label('projectType')} code={PROJECT_DICT.projectType} rules={[{ required: true }]} />
      {view ? (
        <ProFormText name="enterpriseName" label={label('enterpriseId')} colProps={WIDE} />
      ) : (
        <>
          <ProFormEnterpriseSelect
            name="enterpriseId"
            label={label('enterpriseId')}
            tooltip={t('enterpriseId.help')}
            required
            colProps={WIDE}
            fieldProps={{ onChange: pickEnterprise }}
          />
          <ProFormDependency name={['enterpriseId']}>
            {({ enterpriseId }) => (
              <ProFormText name="ownerName" label={label('ownerName')} disabled={!!enterpriseId} rules={[{ max: 200 }]} />
            )}
          </ProFormDependency>
        </>
      )}
      <ProFormDeptTreeSelect name="deptId" label={label('deptId')} fit="park" rules={[{ required: true }]} />
      <ProFormSelect
        name="projectStatus"
        label={label('projectStatus')}
        tooltip={mode === 'edit' ? t('projectStatus.help') : undefined}
        // a project does not enter the library suspended or exited
        options={mode === 'add' ? statuses.options.filter((o) => !NOT_ON_ENTRY.includes(o.value)) : statuses.options}
        fieldProps={{ loading: statuses.loading, allowClear: true }}
        disabled={mode === 'edit'}
        required
      />
      <ProFormDictSelect name="projectSource" label={label('projectSource')} code={PROJECT_DICT.projectSource} required />
      <ProFormDictSelect name="constructionNature" label={label('constructionNature')} code={PROJECT_DICT.constructionNature} required />
      <ProFormTreeSelect
        name="industryCode"
        label={label('industryCode')}
        required
        fieldProps={{ ...TREE_SELECT_DEFAULTS, treeDefaultExpandAll: false, loading: industries.loading, treeData: industries.options }}
      />
      <ProFormDictSelect name="leadingIndustry" label={label('leadingIndustry')} code={PROJECT_DICT.leadingIndustry} />
      <ProFormDictSelect name="projectLevel" label={label('projectLevel')} code={PROJECT_DICT.projectLevel} required />
      {/* read-only, a button radio group makes pro-components log its props to the console */}
      <ProFormRadio.Group name="isKeyProject" label={label('isKeyProject')} options={yesNo} radioType={view ? 'radio' : 'button'} required />
      <ProFormDeptTreeSelect name="industryDeptId" label={label('industryDeptId')} fit="industry" />
      <ProFormText
        name="approvalCode"
        label={label('approvalCode')}
        tooltip={t('approvalCode.help')}
        fieldProps={{ maxLength: 24, style: { textTransform: 'uppercase' } }}
        rules={[{ max: 24 }, { pattern: APPROVAL_CODE, message: t('rule.approvalCode') }]}
      />
      <ProFormText name="investorName" label={label('investorName')} rules={[{ max: 200 }]} />
      <ProFormDictSelect name="investorOrigin" label={label('investorOrigin')} code={PROJECT_DICT.investorOrigin} />
      <ProFormText name="address" label={label('address')} colProps={SITE} required rules={[{ max: 200 }]} />
      <DecimalField name="longitude" label={label('longitude')} colProps={COORDINATE} min={-180} max={180} scale={6} shown={6} />
      <DecimalField name="latitude" label={label('latitude')} colProps={COORDINATE} min={-90} max={90} scale={6} shown={6} />
      <ProFormTextArea name="constructionContent" label={label('constructionContent')} colProps={FULL} required fieldProps={TEXTAREA} rules={[{ max: 4000 }]} />

      {section('investment')}
      <DecimalField name="totalInvestment" label={label('totalInvestment')} unit={unit('wan')} required rules={[positiveRule(intl)]} />
      <DecimalField
        name="fixedAssetInvestment"
        label={label('fixedAssetInvestment')}
        unit={unit('wan')}
        dependencies={['totalInvestment']}
        rules={[withinTotalRule(intl, 'fixedAssetInvestment')]}
      />
      <ProFormDependency name={['projectType']}>
        {({ projectType }) =>
          // a 技改 project's equipment investment is its renovation's (below)
          projectType === RENOVATION_TYPE ? null : (
            <DecimalField
              name="equipmentInvestment"
              label={label('equipmentInvestment')}
              unit={unit('wan')}
              dependencies={['totalInvestment']}
              rules={[withinTotalRule(intl, 'equipmentInvestment')]}
            />
          )
        }
      </ProFormDependency>
      <DecimalField name="foreignInvestment" label={label('foreignInvestment')} unit={unit('wanUsd')} />
      <DecimalField name="contractAmount" label={label('contractAmount')} unit={unit('wan')} />
      <DecimalField name="fundsInPlace" label={label('fundsInPlace')} unit={unit('wan')} />
      <ProFormDependency name={['projectStatus']}>
        {({ projectStatus }) =>
          // the opening balance of a project already building when the zone started using the platform
          STARTED_STATUSES.includes(projectStatus) ? (
            <DecimalField
              name="openingInvestment"
              label={label('openingInvestment')}
              unit={unit('wan')}
              tooltip={view ? undefined : t('openingInvestment.help')}
              dependencies={['totalInvestment']}
              rules={[withinTotalRule(intl, 'openingInvestment')]}
            />
          ) : null
        }
      </ProFormDependency>
      <DecimalField name="landArea" label={label('landArea')} unit={unit('mu')} scale={2} />
      <DecimalField name="buildingArea" label={label('buildingArea')} unit={unit('sqm')} scale={2} />
      <DecimalField name="expectedAnnualOutput" label={label('expectedAnnualOutput')} unit={unit('wan')} />
      <DecimalField name="expectedAnnualTax" label={label('expectedAnnualTax')} unit={unit('wan')} />
      <ProFormDigit name="expectedJobs" label={label('expectedJobs')} min={0} max={1000000} fieldProps={{ precision: 0, suffix: unit('person') }} />
      {view ? <ProFormText name="investmentBandName" label={label('investmentBand')} /> : null}
      {view ? <DecimalField name="cumulativeInvestment" label={label('cumulativeInvestment')} unit={unit('wan')} /> : null}
      <RenovationFields view={view} />

      {section('schedule')}
      <ProFormDatePicker name="signDate" label={label('signDate')} fieldProps={DAY} />
      <ProFormDatePicker name="plannedStartDate" label={label('plannedStartDate')} fieldProps={DAY} />
      <ProFormDatePicker
        name="plannedCompletionDate"
        label={label('plannedCompletionDate')}
        fieldProps={DAY}
        dependencies={['plannedStartDate']}
        rules={[notBeforeRule(intl, 'plannedStartDate', 'plannedCompletionDate')]}
      />
      <ProFormDatePicker name="actualStartDate" label={label('actualStartDate')} fieldProps={DAY} />
      <ProFormDatePicker name="actualCompletionDate" label={label('actualCompletionDate')} fieldProps={DAY} />
      <ProFormDatePicker name="productionDate" label={label('productionDate')} fieldProps={DAY} />
      <ProFormDatePicker name="fullCapacityDate" label={label('fullCapacityDate')} fieldProps={DAY} />
      <ProFormDigit name="constructionStartYear" label={label('constructionStartYear')} min={1990} max={2100} fieldProps={{ precision: 0 }} />
      <ProFormDigit
        name="constructionEndYear"
        label={label('constructionEndYear')}
        min={1990}
        max={2100}
        fieldProps={{ precision: 0 }}
        dependencies={['constructionStartYear']}
        rules={[notBeforeRule(intl, 'constructionStartYear', 'constructionEndYear')]}
      />

      {section('contact')}
      <ProFormText name="ownerContact" label={label('ownerContact')} required rules={[{ max: 50 }]} />
      <ProFormText name="ownerPhone" label={label('ownerPhone')} required rules={[{ max: 30 }, contactPhoneRule(intl)]} />
      <ProFormText name="responsibleLeader" label={label('responsibleLeader')} tooltip={t('responsibleLeader.help')} rules={[{ max: 50 }]} />
      <ProFormDeptTreeSelect name="responsibleDeptId" label={label('responsibleDeptId')} />
      <ProFormText name="responsiblePerson" label={label('responsiblePerson')} rules={[{ max: 50 }]} />
      <ProFormText name="responsiblePhone" label={label('responsiblePhone')} rules={[{ max: 30 }, contactPhoneRule(intl)]} />

      {section('other')}
      <ProFormDependency name={['projectStatus']}>
        {({ projectStatus }) =>
          projectStatus === EXITED_STATUS ? (
            <>
              <ProFormDatePicker name="exitDate" label={label('exitDate')} fieldProps={DAY} rules={[chooseRule(intl, label('exitDate'))]} />
              <ProFormText name="exitReason" label={label('exitReason')} colProps={WIDE} rules={[{ required: true }, { max: 500 }]} />
            </>
          ) : null
        }
      </ProFormDependency>
      <ProFormTextArea name="remark" label={label('remark')} colProps={FULL} fieldProps={TEXTAREA} rules={[{ max: 500 }]} />
    </>
  );
};

export default ProjectFields;
