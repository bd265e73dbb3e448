//! /system/zoneSetting (园区设置): the zone administrator sets how their zone reports and counts output
//! (the deadline day of the next month, January reported with February, how 时序进度 is measured) and
//! what the public big screen shows. Whoever holds `zone_setting_edit` saves; anyone else reads. The
//! platform tenant has no settings of its own: it sees the defaults every zone starts from, read-only,
//! and is told where they are set.
import { PageContainer, ProForm, ProFormRadio, ProFormSwitch } from '@ant-design/pro-components';
import { Link, useAccess, useIntl } from '@umijs/max';
import { Alert, Badge, Button, Card, Form, Result, Skeleton, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { hasButton, ProFormFigure, useSubmit } from '@/components/Crud';
import {
  getZoneSettings,
  submitZoneSettings,
  TIME_PROGRESS,
  ZONE_SETTING_MENU,
  type ZoneSettings,
  type ZoneSettingsForm,
} from '@/services/business/zoneSetting';
import { PLATFORM_TENANT } from '@/services/system/tenant';
import ScreenAddress from './components/ScreenAddress';
import WidgetPicker from './components/WidgetPicker';

const FIELDS = ['outputDeadlineDay', 'januaryMerged', 'timeProgress', 'screenWidgets', 'screenClosedRate'] as const;
const PARAM_LIST = '/system/param/list';

export const toFormValues = (s: ZoneSettings): ZoneSettingsForm => ({
  outputDeadlineDay: s.outputDeadlineDay,
  januaryMerged: s.januaryMerged,
  timeProgress: s.timeProgress,
  screenWidgets: s.screenWidgets,
  screenClosedRate: s.screenClosedRate,
});

/** The body of a save: the fields the form holds, nothing else (the server keeps what is not sent). */
export function toSubmit(values: Partial<ZoneSettingsForm>): Partial<ZoneSettingsForm> {
  return Object.fromEntries(FIELDS.filter((f) => values[f] !== undefined && values[f] !== null).map((f) => [f, values[f]]));
}

const sameWidgets = (a: string[] = [], b: string[] = []) => a.length === b.length && a.every((k) => b.includes(k));

const CARD_STYLE: React.CSSProperties = { marginBottom: 16 };

const ZoneSettingPage: React.FC = () => {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, unknown>) => intl.formatMessage({ id: `pages.zoneSetting.${key}` }, values as any);
  const label = (f: string) => t(`field.${f}`);
  const access = useAccess() as { canMenu?: (route: { path: string }) => boolean } | undefined;
  const [form] = Form.useForm<ZoneSettingsForm>();
  const [state, setState] = useState<{ loading: boolean; settings?: ZoneSettings }>({ loading: true });
  const chosen = Form.useWatch('screenWidgets', form) as string[] | undefined;

  const load = useCallback(async () => {
    setState({ loading: true });
    try {
      const res = await getZoneSettings();
      setState({ loading: false, settings: res?.success && res.data ? res.data : undefined });
    } catch {
      // the request layer has said why
      setState({ loading: false });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const saver = useSubmit(() => undefined, { form });
  const settings = state.settings;
  const platform = settings?.tenantId === PLATFORM_TENANT;
  const editable = !!settings && !platform && hasButton(ZONE_SETTING_MENU, 'edit');

  const onFinish = (values: ZoneSettingsForm) =>
    saver.submit(async () => {
      const res = await submitZoneSettings(toSubmit(values));
      if (!res?.success || !res.data) return res;
      setState({ loading: false, settings: res.data });
      form.setFieldsValue(toFormValues(res.data));
      return { ...res, msg: t('saved') };
    });

  if (state.loading) {
    return (
      <PageContainer>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </PageContainer>
    );
  }
  if (!settings) {
    return (
      <PageContainer>
        <Card>
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={<Button onClick={() => void load()}>{t('retry')}</Button>}
          />
        </Card>
      </PageContainer>
    );
  }

  const saved = settings.screenWidgets;
  const notOpen = intl.formatMessage({ id: 'pages.dataAnalysis.message.notOpen.title' });
  const ticked = chosen ?? saved;
  /** What the ticks mean for the screen, next to them: closed, about to close or open, or changed.
   * Read-only, the status and the list say it. */
  const screenNote = (() => {
    if (!editable) return null;
    if (!ticked.length) return <Alert type={saved.length ? 'warning' : 'info'} showIcon title={t(saved.length ? 'screen.willClose' : 'screen.none', { notOpen })} />;
    if (!saved.length) return <Alert type="info" showIcon title={t('screen.willOpen')} />;
    if (!sameWidgets(ticked, saved)) return <Typography.Text type="warning">{t('screen.unsaved')}</Typography.Text>;
    return null;
  })();

  return (
    <PageContainer content={t(editable ? 'intro.editable' : 'intro')}>
      {platform ? (
        <Alert
          type="info"
          showIcon
          style={CARD_STYLE}
          title={t('platform.title')}
          description={
            <>
              {t('platform.text')}
              {access?.canMenu?.({ path: PARAM_LIST }) ? (
                <>
                  {' '}
                  <Link to={PARAM_LIST}>{t('platform.link')}</Link>
                </>
              ) : null}
            </>
          }
          data-testid="zone-setting-platform"
        />
      ) : null}
      {!platform && !editable ? <Alert type="info" showIcon style={CARD_STYLE} title={t('readOnly')} data-testid="zone-setting-readonly" /> : null}
      <ProForm<ZoneSettingsForm>
        form={form}
        name="zone-setting"
        layout="vertical"
        readonly={!editable}
        requiredMark={editable}
        initialValues={toFormValues(settings)}
        onFinish={onFinish}
        submitter={
          editable
            ? {
                render: () => (
                  <Button type="primary" htmlType="submit" loading={saver.saving}>
                    {t('save')}
                  </Button>
                ),
              }
            : false
        }
      >
        <Card title={t('section.output')} style={CARD_STYLE}>
          <ProFormFigure
            name="outputDeadlineDay"
            label={label('outputDeadlineDay')}
            unit={t('deadline.unit')}
            extra={t('deadline.help')}
            rules={[{ required: true }]}
            fieldProps={{ prefix: t('deadline.prefix'), precision: 0, min: 1, max: 31, style: { width: 220 } }}
            proFieldProps={{ render: (day: unknown) => t('deadline.read', { day }) }}
          />
          <ProFormSwitch
            name="januaryMerged"
            label={label('januaryMerged')}
            extra={t('januaryMerged.help')}
            fieldProps={{ checkedChildren: t('januaryMerged.on'), unCheckedChildren: t('januaryMerged.off') }}
          />
        </Card>

        <Card title={t('section.stats')} style={CARD_STYLE}>
          <ProFormRadio.Group
            name="timeProgress"
            label={label('timeProgress')}
            extra={t('timeProgress.help')}
            rules={[{ required: true }]}
            fieldProps={{ vertical: true }}
            options={TIME_PROGRESS.map((v) => ({
              value: v,
              // one run of text: on a phone the help wraps under the name, the radio stays by the first line
              label: (
                <>
                  {t(`timeProgress.${v}`)}
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {t(`timeProgress.${v}.help`)}
                  </Typography.Text>
                </>
              ),
            }))}
          />
        </Card>

        <Card
          title={t('section.screen')}
          style={CARD_STYLE}
          extra={
            // the platform's widgets are only the zones' default: it has no screen of its own
            platform ? null : (
              <Badge
                status={saved.length ? 'success' : 'default'}
                text={saved.length ? t('screen.status.open', { count: saved.length }) : t('screen.status.closed')}
                data-testid="screen-status"
              />
            )
          }
        >
          <ProForm.Item name="screenWidgets" label={label('screenWidgets')} extra={t('screen.help')}>
            <WidgetPicker keys={settings.widgetKeys} readOnly={!editable} emptyText={t(platform ? 'platform.noWidgets' : 'screen.noWidgets')} />
          </ProForm.Item>
          {screenNote ? (
            <div style={{ marginBottom: 24 }} data-testid="screen-note">
              {screenNote}
            </div>
          ) : null}
          {platform ? null : (
            <Form.Item label={label('address')}>
              <ScreenAddress tenantId={settings.tenantId} open={saved.length > 0} />
            </Form.Item>
          )}
          <ProFormFigure
            name="screenClosedRate"
            label={label('screenClosedRate')}
            unit="%"
            extra={t('closedRate.help')}
            rules={[{ required: true }]}
            fieldProps={{ precision: 0, min: 1, max: 100, style: { width: 160 } }}
          />
        </Card>
      </ProForm>
    </PageContainer>
  );
};

export default ZoneSettingPage;
