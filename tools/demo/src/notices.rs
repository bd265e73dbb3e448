//! The zone's notices (通知公告, issue 18): what a committee office sends its parks in a month — the call for
//! this month's output figures, the quarter's dispatch meeting, a winter safety reminder, a policy
//! document, a park's own training notice — published over the last weeks, one withdrawn and one still a
//! draft; the people addressed have opened the older ones more often than the newer. Each notice passes
//! the service's form checks (its content sanitised as the service would) and reaches exactly whom the
//! service's audience rule says.
use std::collections::HashSet;

use chrono::Datelike;
use keeper_business::entity::{notice, notice_read};
use keeper_business::notice::NoticeStatus;
use keeper_business::notice::form::NoticeForm;
use keeper_business::notice::repo::{Reader, wrap};
use keeper_db::base::{self, Author};
use sea_orm::ActiveValue::Set;
use sea_orm::{IntoActiveModel, TryIntoModel};
use serde_json::json;

use crate::clock::Clock;
use crate::rng::Rng;
use crate::zone::{Kind, RoleKind, Zone};

#[derive(Default)]
pub struct Generated {
    pub rows: Vec<notice::ActiveModel>,
    pub reads: Vec<notice_read::ActiveModel>,
    pub published: usize,
}

/// Who a notice is for.
enum To {
    Everyone,
    Parks,
    FirstPark,
}

/// One notice: days before the zone's today it was published (`None`: a draft), its category, audience,
/// title and paragraphs.
struct Plan {
    days_ago: Option<i64>,
    withdrawn: bool,
    category: &'static str,
    to: To,
    title: String,
    paragraphs: Vec<String>,
}

fn plans(zone: &Zone, clock: &Clock) -> Vec<Plan> {
    let today = clock.days_ago(0);
    let (year, month) = (today.year(), today.month());
    let (last_year, last_month) = if month == 1 { (year - 1, 12) } else { (year, month - 1) };
    let quarter = (month - 1) / 3 + 1;
    let short = &zone.plan.short_name;
    vec![
        Plan {
            days_ago: Some(2),
            withdrawn: false,
            category: "1",
            to: To::Everyone,
            title: format!("关于报送{last_year}年{last_month}月规上工业产值数据的通知"),
            paragraphs: vec![
                "各园区、各有关部门：".into(),
                format!("请各园区组织辖区规上工业企业于本月10日前在平台“产值填报”中完成{last_month}月产值填报，园区审核后提交管委会。"),
                "同比下降的企业须填写下降原因；逾期未报的企业将在月度调度会上通报。".into(),
            ],
        },
        Plan {
            days_ago: Some(5),
            withdrawn: false,
            category: "3",
            to: To::Parks,
            title: format!("关于召开{year}年第{quarter}季度经济运行调度会的通知"),
            paragraphs: vec![
                "各园区：".into(),
                "定于下周三上午9:00在管委会三楼会议室召开经济运行调度会，请各园区主要负责人参加。".into(),
                "请提前准备本园区重点项目推进情况、产值完成情况及存在问题，会议将逐项调度。".into(),
            ],
        },
        Plan {
            days_ago: Some(9),
            withdrawn: false,
            category: "4",
            to: To::Everyone,
            title: "关于做好冬季安全生产和防寒防冻工作的提醒".into(),
            paragraphs: vec![
                "入冬以来气温持续走低，请各单位督促企业和在建项目做好消防、用电和防寒防冻检查。".into(),
                "在建项目须落实冬季施工方案，严禁违规动火作业。".into(),
            ],
        },
        Plan {
            days_ago: Some(12),
            withdrawn: false,
            category: "1",
            to: To::FirstPark,
            title: "关于开展规上企业统计业务培训的通知".into(),
            paragraphs: vec![
                "园区内各规上工业企业统计人员：".into(),
                "为提高产值数据填报质量，园区将于本周五下午组织统计业务培训，内容包括指标口径、平台填报和常见问题。".into(),
            ],
        },
        Plan {
            days_ago: Some(20),
            withdrawn: false,
            category: "5",
            to: To::Everyone,
            title: format!("关于印发《{short}促进工业经济稳增长若干措施》的通知"),
            paragraphs: vec![
                "各园区、各有关部门：".into(),
                format!("《{short}促进工业经济稳增长若干措施》已经管委会主任办公会研究通过，现印发给你们，请认真贯彻落实。"),
                "措施涵盖技改补助、新增规上奖励、要素保障三个方面，执行中遇到的问题请及时反馈经济发展局。".into(),
            ],
        },
        Plan {
            days_ago: Some(30),
            withdrawn: true,
            category: "2",
            to: To::Everyone,
            title: "关于调整项目集中开工活动时间的公告".into(),
            paragraphs: vec!["原定本月的项目集中开工活动时间调整，具体时间另行通知。".into()],
        },
        Plan {
            days_ago: None,
            withdrawn: false,
            category: "1",
            to: To::Everyone,
            title: format!("关于开展{}年产值目标摸底工作的通知", year + 1),
            paragraphs: vec![
                "各园区：".into(),
                format!("请组织辖区规上工业企业填报{}年预计产值及增长因素，于下月15日前完成园区核定。", year + 1),
            ],
        },
    ]
}

/// The departments a notice names.
fn depts_of(zone: &Zone, to: &To) -> Vec<i64> {
    let parks = zone.parks();
    match to {
        To::Everyone => Vec::new(),
        To::Parks => parks.iter().map(|&p| zone.dept_id(p)).collect(),
        To::FirstPark => parks.first().map(|&p| vec![zone.dept_id(p)]).unwrap_or_default(),
    }
}

/// A department with all above it.
fn with_ancestors(zone: &Zone, dept: usize) -> HashSet<i64> {
    let mut out = HashSet::new();
    let mut at = Some(dept);
    while let Some(d) = at {
        if !out.insert(zone.dept_id(d)) {
            break;
        }
        at = zone.dept(d).parent;
    }
    out
}

pub fn generate(zone: &Zone, clock: &Clock) -> anyhow::Result<Generated> {
    let tenant = zone.tenant();
    let office = zone.account(RoleKind::Admin);
    let mut rng = Rng::stream(zone.plan.index, "notices");
    let mut out = Generated::default();
    // A department of the committee writes them, as its office would.
    let committee = (0..zone.plan.depts.len()).find(|&d| zone.dept(d).kind == Kind::Committee).unwrap_or(office.dept);
    for plan in plans(zone, clock) {
        let depts = depts_of(zone, &plan.to);
        let html: String = plan.paragraphs.iter().map(|p| format!("<p>{p}</p>")).collect();
        let form = json!({ "title": plan.title, "category": plan.category, "content": html, "deptIds": depts.iter().map(i64::to_string).collect::<Vec<_>>() });
        let input = NoticeForm::from_json(form.as_object().unwrap_or(&serde_json::Map::new()))?.validate()?;
        let released = plan.days_ago.map(|n| clock.office_time(Clock::working_day_back(clock.days_ago(n)), &mut rng));
        let written = released.unwrap_or_else(|| clock.office_time(clock.days_ago(1), &mut rng)) - chrono::Duration::hours(2);
        let status = match (released, plan.withdrawn) {
            (None, _) => NoticeStatus::Draft,
            (Some(_), true) => NoticeStatus::Withdrawn,
            (Some(_), false) => NoticeStatus::Published,
        };
        let mut row = notice::ActiveModel {
            title: Set(input.title),
            category: Set(input.category),
            content: Set(input.content),
            notice_status: Set(status.code()),
            release_time: Set(released),
            audience_all: Set(i32::from(input.dept_ids.is_empty())),
            dept_ids: Set(wrap(&input.dept_ids)),
            role_ids: Set(String::new()),
            create_user_name: Set(office.real_name.clone()),
            ..Default::default()
        };
        let id = keeper_common::id::next_id();
        let author = Author { tenant, user: office.id, dept: Some(zone.dept_id(committee)), at: written };
        base::created::<notice::Entity>(&mut row, id, &author);
        if let Some(at) = released {
            base::updated::<notice::Entity>(&mut row, &Author { at, ..author.clone() });
        }
        let model = row.clone().try_into_model()?;
        out.rows.push(model.clone().into_active_model());
        let Some(released) = released else { continue };
        if status == NoticeStatus::Published {
            out.published += 1;
        }
        // The older the notice, the more of its readers have opened it.
        let age = (clock.days_ago(0) - released.date_naive()).num_days().max(0);
        let p = (0.25 + age as f64 * 0.05).min(0.9);
        for a in zone.accounts.iter().filter(|a| a.id != office.id) {
            let reader = Reader { user_id: a.id, depts: with_ancestors(zone, a.dept), roles: Vec::new() };
            if !reader.addressed_by(&model) || !rng.chance(p) {
                continue;
            }
            let day = clock.after(released.date_naive(), rng.int(0, age.min(3)));
            let read_time = clock.office_time(day, &mut rng).max(released + chrono::Duration::minutes(rng.int(3, 50)));
            out.reads.push(notice_read::ActiveModel {
                id: Set(keeper_common::id::next_id()),
                tenant_id: Set(tenant.to_string()),
                notice_id: Set(id),
                user_id: Set(a.id),
                user_name: Set(a.real_name.clone()),
                read_time: Set(read_time),
            });
        }
    }
    Ok(out)
}
