//! The three logs: their tables, permission codes (seeded from `builtin`), and export columns.
use keeper_excel::{Column, Sheet, Value};

use super::view::{ApiLogView, ErrorLogView, LoginLogView};
use super::{Col, Extra, LogKind, Model};
use crate::entity::{api_log, error_log, login_log};

pub struct LoginLogs;
pub struct ApiLogs;
pub struct ErrorLogs;

fn outcome(success: i32) -> Value {
    (if success == 1 { "成功" } else { "失败" }).into()
}

fn user_id(id: Option<i64>) -> Value {
    id.map(|id| id.to_string()).into()
}

fn time(t: &chrono::DateTime<chrono::Utc>) -> Value {
    keeper_common::time::format(t).into()
}

impl LogKind for LoginLogs {
    type Entity = login_log::Entity;
    type View = LoginLogView;
    const MENU: &'static str = "log_login";
    const VIEW: &'static str = "log_login_view";
    const EXPORT: &'static str = "log_login_export";
    const FILE: &'static str = "登录日志";

    fn column(c: Col) -> login_log::Column {
        match c {
            Col::Id => login_log::Column::Id,
            Col::TenantId => login_log::Column::TenantId,
            Col::Account => login_log::Column::Account,
            Col::CreateTime => login_log::Column::CreateTime,
        }
    }

    fn extra(c: Extra) -> Option<login_log::Column> {
        (c == Extra::Success).then_some(login_log::Column::Success)
    }

    fn view(row: Model<Self>) -> LoginLogView {
        row.into()
    }

    fn sheet() -> Sheet {
        Sheet::new(
            Self::FILE,
            vec![
                Column::text("tenantId", "租户ID", 10.0),
                Column::text("account", "账号", 16.0),
                Column::text("userId", "用户ID", 22.0),
                Column::text("success", "结果", 8.0),
                Column::text("message", "说明", 24.0),
                Column::text("grantType", "授权类型", 12.0),
                Column::text("clientId", "客户端", 12.0),
                Column::text("ip", "IP", 16.0),
                Column::text("userAgent", "浏览器", 40.0),
                Column::text("createTime", "时间", 20.0),
            ],
        )
    }

    fn cells(v: &LoginLogView) -> Vec<Value> {
        vec![
            v.tenant_id.as_str().into(),
            v.account.as_str().into(),
            user_id(v.user_id),
            outcome(v.success),
            v.message.as_str().into(),
            v.grant_type.as_str().into(),
            v.client_id.as_str().into(),
            v.ip.as_str().into(),
            v.user_agent.as_str().into(),
            time(&v.create_time),
        ]
    }
}

impl LogKind for ApiLogs {
    type Entity = api_log::Entity;
    type View = ApiLogView;
    const MENU: &'static str = "log_operation";
    const VIEW: &'static str = "log_operation_view";
    const EXPORT: &'static str = "log_operation_export";
    const FILE: &'static str = "操作日志";

    fn column(c: Col) -> api_log::Column {
        match c {
            Col::Id => api_log::Column::Id,
            Col::TenantId => api_log::Column::TenantId,
            Col::Account => api_log::Column::Account,
            Col::CreateTime => api_log::Column::CreateTime,
        }
    }

    fn extra(c: Extra) -> Option<api_log::Column> {
        Some(match c {
            Extra::Success => api_log::Column::Success,
            Extra::RequestUri => api_log::Column::RequestUri,
            Extra::Title => api_log::Column::Title,
        })
    }

    fn view(row: Model<Self>) -> ApiLogView {
        row.into()
    }

    fn sheet() -> Sheet {
        Sheet::new(
            Self::FILE,
            vec![
                Column::text("tenantId", "租户ID", 10.0),
                Column::text("serviceId", "服务", 10.0),
                Column::text("title", "业务", 16.0),
                Column::text("method", "方法", 8.0),
                Column::text("requestUri", "请求地址", 28.0),
                Column::text("params", "参数", 48.0),
                Column::int("status", "状态码", 8.0),
                Column::text("success", "结果", 8.0),
                Column::int("time", "耗时(毫秒)", 10.0),
                Column::text("remoteIp", "IP", 16.0),
                Column::text("userAgent", "浏览器", 40.0),
                Column::text("requestId", "请求ID", 38.0),
                Column::text("account", "账号", 16.0),
                Column::text("createTime", "时间", 20.0),
            ],
        )
    }

    fn cells(v: &ApiLogView) -> Vec<Value> {
        vec![
            v.tenant_id.as_str().into(),
            v.service_id.as_str().into(),
            v.title.as_str().into(),
            v.method.as_str().into(),
            v.request_uri.as_str().into(),
            v.params.as_str().into(),
            v.status.into(),
            outcome(v.success),
            v.time.into(),
            v.remote_ip.as_str().into(),
            v.user_agent.as_str().into(),
            v.request_id.as_str().into(),
            v.account.as_str().into(),
            time(&v.create_time),
        ]
    }
}

impl LogKind for ErrorLogs {
    type Entity = error_log::Entity;
    type View = ErrorLogView;
    const MENU: &'static str = "log_error";
    const VIEW: &'static str = "log_error_view";
    const EXPORT: &'static str = "log_error_export";
    const FILE: &'static str = "错误日志";

    fn column(c: Col) -> error_log::Column {
        match c {
            Col::Id => error_log::Column::Id,
            Col::TenantId => error_log::Column::TenantId,
            Col::Account => error_log::Column::Account,
            Col::CreateTime => error_log::Column::CreateTime,
        }
    }

    fn extra(c: Extra) -> Option<error_log::Column> {
        (c == Extra::RequestUri).then_some(error_log::Column::RequestUri)
    }

    fn view(row: Model<Self>) -> ErrorLogView {
        row.into()
    }

    fn sheet() -> Sheet {
        Sheet::new(
            Self::FILE,
            vec![
                Column::text("tenantId", "租户ID", 10.0),
                Column::text("serviceId", "服务", 10.0),
                Column::text("requestId", "请求ID", 38.0),
                Column::text("method", "方法", 8.0),
                Column::text("requestUri", "请求地址", 28.0),
                Column::text("params", "参数", 40.0),
                Column::text("exceptionName", "异常", 18.0),
                Column::text("message", "异常信息", 60.0),
                Column::text("remoteIp", "IP", 16.0),
                Column::text("userAgent", "浏览器", 40.0),
                Column::text("account", "账号", 16.0),
                Column::text("createTime", "时间", 20.0),
            ],
        )
    }

    fn cells(v: &ErrorLogView) -> Vec<Value> {
        vec![
            v.tenant_id.as_str().into(),
            v.service_id.as_str().into(),
            v.request_id.as_str().into(),
            v.method.as_str().into(),
            v.request_uri.as_str().into(),
            v.params.as_str().into(),
            v.exception_name.as_str().into(),
            v.message.as_str().into(),
            v.remote_ip.as_str().into(),
            v.user_agent.as_str().into(),
            v.account.as_str().into(),
            time(&v.create_time),
        ]
    }
}
