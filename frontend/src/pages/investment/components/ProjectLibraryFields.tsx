//! What the server keeps about a project's entry into the library, shown when a project is viewed:
//! its library status, who submitted it and when, and the latest opinion (the one it came back with,
//! while it waits for review again); once it has entered the library (approved, or numbered before an
//! un-approval) also its number (assigned on approval), the day it entered, whether it is tracked and
//! counted in the statistics, and the key node its monthly reports have reached — before that they
//! would be a column of dashes. Nothing here can be typed in.
import { ProFormDependency, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import React from 'react';
import { ReviewStatusTag } from '@/components/Review';
import { NO, YES } from '@/services/business/project';

/** `report_status` 待审核, and 已通过: the project is in the library. */
const PENDING = '1';
const APPROVED = '2';

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
      <ProFormDependency name={['libraryStatus', 'projectNo']}>
        {({ libraryStatus, projectNo }) => {
          const entered = libraryStatus === APPROVED || !!projectNo;
          return (
            <>
              {entered ? <ProFormText name="projectNo" label={label('projectNo')} /> : null}
              <ProFormText name="libraryStatus" label={label('libraryStatus')} proFieldProps={{ render: (v: unknown) => <ReviewStatusTag value={v} /> }} />
              {entered ? <ProFormText name="entryDate" label={label('entryDate')} /> : null}
              <ProFormText name="submitUserName" label={label('submitUserName')} />
              <ProFormText name="submitTime" label={label('submitTime')} />
              {entered ? (
                <>
                  <ProFormRadio.Group name="isTracked" label={label('isTracked')} tooltip={t('isTracked.help')} options={yesNo} />
                  <ProFormRadio.Group name="isStatIncluded" label={label('isStatIncluded')} options={yesNo} />
                  <ProFormText name="statIncludedPeriod" label={label('statIncludedPeriod')} />
                </>
              ) : null}
              {/* waiting for review again, the opinion is the one it came back with */}
              <ProFormText name="reviewOpinion" label={label(libraryStatus === PENDING ? 'lastReviewOpinion' : 'reviewOpinion')} />
              {entered ? <ProFormText name="currentStageName" label={label('currentStage')} /> : null}
            </>
          );
        }}
      </ProFormDependency>
    </>
  );
};

export default ProjectLibraryFields;
