//! 催报 (domain-model §2.3.1, "remind non-reporters"): the enterprises in the caller's scope that owe a
//! month's report and have not filed it (none yet, a draft, or one returned to them) are reminded in two
//! ways. Each park gets a notice in the app listing its missing enterprises with the deadline, published to
//! the park, so its clerk and the areas below it read it (an area's enterprise belongs to the topmost
//! territorial department above the area); and, when asked, the enterprises' contacts get a text message
//! through the tenant's SMS configuration, its template filled with the variables `period` and `deadline`.
//! The notices go out even when the texts cannot: the answer then says why no text was sent.
use std::collections::HashSet;

use keeper_client::resource::SmsRequest;
use keeper_common::AppError;
use keeper_common::fields::is_mobile;
use keeper_security::CurrentUser;
use schemars::JsonSchema;
use sea_orm::TransactionTrait;
use serde::Serialize;

use super::month::{Filter, Row};
use super::{DEADLINE_PARAM, Read, figures, january, lock, month, month_read};
use crate::notice::{self, content::escaped};
use crate::period::Period;
use crate::reference::Reference;
use crate::state::AppState;

/// `notice_category` 工作提醒.
const REMINDER: &str = "4";
/// Numbers per message request (the resource service's bound).
const PHONES_PER_REQUEST: usize = 100;

/// What a reminder did.
#[derive(Debug, Default, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Reminded {
    /// Enterprises that owe the month and have not filed it.
    pub enterprises: u32,
    /// Notices published, one per park with such enterprises.
    pub notices: u32,
    /// Mobile numbers texted.
    pub texted: u32,
    /// Enterprises without a mobile number on file (not texted).
    pub without_phone: u32,
    /// Why no text was sent, when texts were asked for and could not go (no SMS configuration, the
    /// provider's refusal or silence).
    pub sms_error: Option<String>,
}

/// The missing enterprises of each park, parks in the order of the month's rows.
fn missing_by_park<'a>(rows: &[&'a Row], r: &Reference) -> Vec<(i64, Vec<&'a Row>)> {
    let mut out: Vec<(i64, Vec<&Row>)> = Vec::new();
    for row in rows.iter().copied().filter(|row| row.unreported()) {
        let Some(park) = row.dept_id().map(|d| r.park_of(d)) else { continue };
        match out.iter_mut().find(|(p, _)| *p == park) {
            Some((_, firms)) => firms.push(row),
            None => out.push((park, vec![row])),
        }
    }
    out
}

/// The notice of one park: the month, the deadline and its missing enterprises.
fn notice_html(p: Period, deadline: &str, firms: &[&Row]) -> String {
    let items: String = firms.iter().map(|r| format!("<li>{}</li>", escaped(&r.enterprise.enterprise_name))).collect();
    format!(
        "<p>以下{}家企业尚未报送{}年{}月产值数据（报送截止{deadline}），请督促企业尽快在平台“产值填报”中填报并提交：</p><ol>{items}</ol>",
        firms.len(),
        p.year(),
        p.month()
    )
}

pub async fn remind(state: &AppState, me: &CurrentUser, p: Period, filter: Filter, texts: bool) -> Result<Reminded, AppError> {
    // Read now, not as the screens keep it: a reminder goes to whoever has not reported at this moment.
    let (month, reference, filter) = month_read(state, me, p, filter, Read::Now).await?;
    let (rows, _) = month::kept(&state.db, &me.tenant_id, p, &filter, &month, None).await?;
    if !p.is_reporting_month(january(&reference)) {
        return Err(AppError::field("period", "该月并入2月填报，无需催报"));
    }
    if lock::is_locked(&state.db, &me.tenant_id, p).await? {
        return Err(AppError::field("period", "该月已锁定，无需催报"));
    }
    let deadline = figures::deadline(p, figures::deadline_day(reference.param(DEADLINE_PARAM))).format("%Y-%m-%d").to_string();
    let by_park = missing_by_park(&rows, &reference);
    let mut done = Reminded { enterprises: by_park.iter().map(|(_, f)| f.len() as u32).sum(), ..Default::default() };
    if by_park.is_empty() {
        return Ok(done);
    }
    let title = format!("关于催报{}年{}月产值数据的提醒", p.year(), p.month());
    let txn = state.db.begin().await?;
    for (park, firms) in &by_park {
        notice::publish_now(&txn, me, &title, REMINDER, &notice_html(p, &deadline, firms), &[*park]).await?;
        done.notices += 1;
    }
    txn.commit().await?;
    if !texts {
        return Ok(done);
    }
    let ids: Vec<i64> = by_park.iter().flat_map(|(_, f)| f.iter().map(|r| r.enterprise.id)).collect();
    let phones = crate::enterprise::repo::contact_phones(&state.db, &me.tenant_id, &ids).await?;
    let mut numbers: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for id in &ids {
        match phones.get(id).map(|p| p.trim()).filter(|p| is_mobile(p)) {
            Some(n) => {
                if seen.insert(n.to_string()) {
                    numbers.push(n.to_string());
                }
            }
            None => done.without_phone += 1,
        }
    }
    let params = vec![("period".to_string(), format!("{}年{}月", p.year(), p.month())), ("deadline".to_string(), deadline)];
    for chunk in numbers.chunks(PHONES_PER_REQUEST) {
        let req = SmsRequest { tenant_id: me.tenant_id.clone(), user_id: me.user_id, phones: chunk.to_vec(), params: params.clone() };
        match state.resource.send_sms(&req).await {
            Ok(()) => done.texted += chunk.len() as u32,
            Err(AppError::BadRequest(why) | AppError::Unavailable(why)) => {
                done.sms_error = Some(why);
                break;
            }
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}
