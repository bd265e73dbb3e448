//! What the server keeps about a project's entry into the library, shown when a project is viewed:
//! its number (assigned on approval), the library status, who submitted it and when, the latest
//! opinion, whether it is tracked and counted in the statistics, and the key node its monthly reports
//! have reached. Nothing here can be typed in.
import { ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React from 'react';
import { ReviewStatusTag } from '@/components/Review';
import { NO, YES } from '@/services/business/project';

const ProjectLibraryFields: React.FC<{ title: React.ReactNode }> = ({ title }) => {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `pages.investment.project.${key}` });
  const label = (f: string) => t(`field.${f}`);
  const yesNo = [
    { value: YES, label: t('yes') },
    { value: NO, label: t('no') },
  ];
  return (
    <>
      {title}
      <ProFormText name="projectNo" label={label('projectNo')} />
      <ProFormText name="libraryStatus" label={label('libraryStatus')} proFieldProps={{ render: (v: unknown) => <ReviewStatusTag value={v} /> }} />
      <ProFormText name="entryDate" label={label('entryDate')} />
      <ProFormText name="submitUserName" label={label('submitUserName')} />
      <ProFormText name="submitTime" label={label('submitTime')} />
      <ProFormRadio.Group name="isTracked" label={label('isTracked')} tooltip={t('isTracked.help')} options={yesNo} />
      <ProFormRadio.Group name="isStatIncluded" label={label('isStatIncluded')} options={yesNo} />
      <ProFormText name="statIncludedPeriod" label={label('statIncludedPeriod')} />
      <ProFormText name="reviewOpinion" label={label('reviewOpinion')} />
      <ProFormText name="currentStageName" label={label('currentStage')} />
    </>
  );
};

export default ProjectLibraryFields;
