//! Tables owned by the resource service.
pub mod attach;
pub mod oss;
pub mod sms;
pub mod sms_code;
pub mod sms_log;

keeper_db::base_columns!(attach, oss, sms);
