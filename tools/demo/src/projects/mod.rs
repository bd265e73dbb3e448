//! The zone's investment projects (domain-model §2.2): about 300, spread over every status of the
//! lifecycle, every type, source, level and sub-park; most in the library with their numbers, some still
//! drafts, waiting for review or returned. Each is a real `ProjectForm`, validated, checked against the
//! tenant's reference data and for completeness as `project/submit` and `project/review` check it
//! (`owner` places it, `record` fills it in, `wording` names it); its way to its status is checked move
//! by move against the service's lifecycle table (`timeline`) and writes the status log from its entry
//! on; its way into the library writes the review log (`library`).
pub mod library;
pub mod owner;
pub mod record;
pub mod timeline;
pub mod wording;

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use keeper_business::entity::{project, project_status_log, review_log};
use keeper_business::investment::project::REVIEW_KIND;
use keeper_business::investment::project::form::{ATTRACTED_SOURCE, Project};
use keeper_business::investment::project::lifecycle::{self, By, Facts, ProjectStatus as S};
use keeper_business::reference::Reference;
use keeper_business::review::Status;
use keeper_db::base::{self, Author};
use sea_orm::ActiveValue::Set;

use crate::clock::Clock;
use crate::enterprises::Firm;
use crate::names;
use crate::rng::Rng;
use crate::zone::{Account, RoleKind, Zone};
use library::Who;
use timeline::Timeline;

/// Projects of the demo zone (domain-model §6.1: 150–600 in the library of a typical national-level
/// zone); a benchmark's zone may have more (`ZonePlan::projects`).
pub const COUNT: usize = 300;

/// How many of the demo zone's [`COUNT`] projects stand at each status; a zone of another size keeps the
/// proportions.
const STATUSES: &[(S, usize)] = &[
    (S::Reserve, 25),
    (S::Negotiating, 20),
    (S::Signed, 25),
    (S::Preparing, 30),
    (S::UnderConstruction, 80),
    (S::Completed, 25),
    (S::InProduction, 40),
    (S::FullCapacity, 25),
    (S::Suspended, 15),
    (S::Terminated, 15),
];

/// The projects not (yet) in the library: drafts, waiting for review, returned (of [`COUNT`]). All stand
/// early in their life; every other project is approved.
const WAITING: &[(Status, usize)] = &[(Status::Draft, 12), (Status::Submitted, 15), (Status::Returned, 10)];

pub const TYPES: [&str; 9] = ["01", "02", "03", "04", "05", "06", "07", "08", "99"];
const TYPE_WEIGHTS: &[(u32, &str)] =
    &[(36, "01"), (20, "02"), (12, "03"), (7, "04"), (10, "05"), (6, "06"), (4, "07"), (3, "08"), (2, "99")];
/// The types a project being negotiated or signed with an investor can have.
const ATTRACTED_TYPES: &[(u32, &str)] = &[(70, "01"), (15, "03"), (8, "04"), (5, "08"), (2, "99")];

/// A planned project: where it ends and what it is.
struct Spec {
    status: S,
    library: Status,
    kind: &'static str,
}

pub struct Generated {
    pub rows: Vec<project::ActiveModel>,
    /// What later modules need of each project beyond its row, in the order of `rows`.
    pub lives: Vec<Life>,
    pub reviews: Vec<review_log::ActiveModel>,
    pub status_log: Vec<project_status_log::ActiveModel>,
}

/// A project's life as generated: its calendar, its type, who fills its forms and when it entered the
/// library. Monthly reports follow it.
pub struct Life {
    pub timeline: Timeline,
    /// `project_type` key.
    pub kind: &'static str,
    /// The account id of the project's filler (the park's clerk).
    pub filler: i64,
    /// Its first approval into the library, if any.
    pub entered: Option<DateTime<Utc>>,
    /// The yearly capacity its works add, for a plant or a renovation.
    pub capacity: Option<String>,
}

/// Generates the zone's projects; a project that fails a check of the service fails the load.
pub fn generate(zone: &Zone, firms: &[Firm], reference: &Reference, clock: &Clock) -> anyhow::Result<Generated> {
    let mut rng = Rng::stream(zone.plan.index, "projects");
    let specs = specs(zone.plan.projects, &mut rng);
    let mut ctx = Ctx { zone, firms, clock, names: HashSet::new() };
    let mut rows = Vec::with_capacity(specs.len());
    let mut lives = Vec::with_capacity(specs.len());
    let mut reviews = Vec::new();
    let mut status_log = Vec::new();
    let mut approvals = Vec::new();
    for (n, spec) in specs.iter().enumerate() {
        let built =
            ctx.project(spec, reference, &mut rng).map_err(|e| anyhow::anyhow!("project {n} ({:?}, {}): {e}", spec.status, spec.kind))?;
        if let Some(at) = library::first_approval(&built.moves) {
            approvals.push((n, at));
        }
        let id = *built.row.id.as_ref();
        for m in &built.moves {
            let who = if m.by == Who::Filler { built.filler } else { zone.account(RoleKind::Reviewer) };
            reviews.push(review_log::ActiveModel {
                id: Set(keeper_common::id::next_id()),
                tenant_id: Set(zone.tenant().into()),
                biz_type: Set(REVIEW_KIND.into()),
                biz_id: Set(id),
                step: Set(m.step.code().into()),
                from_status: Set(m.from.code().into()),
                to_status: Set(m.to.code().into()),
                opinion: Set(m.opinion.clone()),
                operator_id: Set(who.id),
                operator_name: Set(who.real_name.clone()),
                create_time: Set(m.at),
            });
        }
        status_log.extend(built.status_log);
        rows.push(built.row);
        lives.push(Life {
            timeline: built.timeline,
            kind: spec.kind,
            filler: built.filler.id,
            entered: library::first_approval(&built.moves),
            capacity: built.capacity,
        });
    }
    // A project is numbered when it is first approved, in the order of approval (`project/review`).
    for (n, number) in library::numbers(approvals) {
        rows[n].project_no = Set(number);
    }
    Ok(Generated { rows, lives, reviews, status_log })
}

/// `n` of the demo zone's [`COUNT`] scaled to a zone of `count` projects (the same `n` at `COUNT`).
fn scaled(n: usize, count: usize) -> usize {
    (n * count + COUNT / 2) / COUNT
}

fn specs(count: usize, rng: &mut Rng) -> Vec<Spec> {
    let mut specs: Vec<Spec> = STATUSES
        .iter()
        .flat_map(|&(status, n)| std::iter::repeat_n(status, scaled(n, count)))
        .map(|status| Spec { status, library: Status::Approved, kind: "01" })
        .collect();
    let mut early: Vec<usize> =
        (0..specs.len()).filter(|&i| matches!(specs[i].status, S::Reserve | S::Negotiating | S::Signed | S::Preparing)).collect();
    rng.shuffle(&mut early);
    let mut waiting = early.into_iter();
    for &(library, n) in WAITING {
        for i in waiting.by_ref().take(scaled(n, count)) {
            specs[i].library = library;
        }
    }
    for spec in &mut specs {
        spec.kind =
            if matches!(spec.status, S::Negotiating | S::Signed) { rng.weighted(ATTRACTED_TYPES) } else { rng.weighted(TYPE_WEIGHTS) };
    }
    // Every type occurs: the first projects under construction take one type each.
    let building: Vec<usize> = (0..specs.len()).filter(|&i| specs[i].status == S::UnderConstruction).collect();
    for (kind, &i) in TYPES.iter().zip(&building) {
        specs[i].kind = kind;
    }
    rng.shuffle(&mut specs);
    specs
}

struct Built<'z> {
    row: project::ActiveModel,
    moves: Vec<library::Move>,
    status_log: Vec<project_status_log::ActiveModel>,
    filler: &'z Account,
    timeline: Timeline,
    capacity: Option<String>,
}

struct Ctx<'z> {
    zone: &'z Zone,
    firms: &'z [Firm],
    clock: &'z Clock,
    names: HashSet<String>,
}

impl<'z> Ctx<'z> {
    fn project(&mut self, spec: &Spec, reference: &Reference, rng: &mut Rng) -> anyhow::Result<Built<'z>> {
        let (zone, clock) = (self.zone, self.clock);
        let source = owner::source_of(spec.kind, spec.status, rng);
        let t = timeline::plan(spec.status, source == ATTRACTED_SOURCE, spec.library != Status::Approved, clock, rng);
        let mut at = owner::place(zone, self.firms, spec.kind, source, &t, rng)?;
        let size = record::size(spec.kind, rng);
        let subject = wording::Subject {
            kind: spec.kind,
            zone: &zone.plan.short_name,
            park: zone.theme(at.territory).map(|t| t.name),
            road: rng.pick(at.theme.roads),
            brand: &at.brand,
            industry: at.industry,
            expansion: at.source == "2" && spec.kind == "01",
            land_mu: size.land,
            building_m2: size.building,
        };
        let words = wording::words(&subject, rng);
        if let Some(industry) = words.industry {
            at.name_owner_for(zone, industry, rng);
        }
        // Names are unique in a zone: a second 标准化厂房 of a park is its 二期.
        let mut name = words.name.clone();
        let mut n = 0;
        while !self.names.insert(name.clone()) {
            name = wording::phased(&words.name, n);
            n += 1;
        }
        let filler = zone.filler(at.territory);
        let capacity = words.capacity.clone();
        let form = record::form(zone, spec.kind, &at, &size, words, name, &t, filler, rng);

        // The checks of `project/submit` and `project/review`, then the lifecycle move by move.
        let p: Project = form.validate()?;
        p.check_references(reference)?;
        p.complete()?;
        let halt_reason = if t.halted.is_some() { rng.pick(names::HALT_REASONS).to_string() } else { String::new() };
        let exit_reason = if t.exit.is_some() { rng.pick(names::EXIT_REASONS).to_string() } else { String::new() };
        let facts = Facts { exit_reason: exit_reason.clone(), exit_date: t.exit, reason: halt_reason, ..p.facts() };
        timeline::check(&t, &facts)?;

        let moves = library::history(spec.library, t.registered, clock, rng)?;
        let id = keeper_common::id::next_id();
        let created = clock.office_time(t.registered, rng);
        let author = Author { tenant: zone.tenant(), user: filler.id, dept: Some(zone.dept_id(filler.dept)), at: created };
        let mut row = keeper_business::investment::project::new_row(p.clone(), id, &author);
        let last_event = t.days.last().map(|d| clock.office_time(*d, rng));
        let updated = [Some(created), moves.last().map(|m| m.at), last_event].into_iter().flatten().max().unwrap_or(created);
        base::updated::<project::Entity>(&mut row, &Author { at: updated, ..author });
        record::workflow(&mut row, &p, spec.library, &moves, &t, exit_reason, filler, clock, rng);
        let status_log = match library::first_approval(&moves) {
            Some(entered) => self.status_log(id, &t, &facts, entered, filler, rng),
            None => Vec::new(),
        };
        Ok(Built { row, moves, status_log, filler, timeline: t, capacity })
    }
}

impl Ctx<'_> {
    /// The status history of a project in the library (`project/status`): every move taken after it
    /// entered, by whom the lifecycle table gives it to, with the day it took effect as the service
    /// records it. Moves before the entry were edits of the project's form and left no row.
    fn status_log(
        &self,
        project_id: i64,
        t: &Timeline,
        facts: &Facts,
        entered: DateTime<Utc>,
        filler: &Account,
        rng: &mut Rng,
    ) -> Vec<project_status_log::ActiveModel> {
        let entry_day = entered.with_timezone(&keeper_common::time::zone()).date_naive();
        let reviewer = self.zone.account(RoleKind::Reviewer);
        let mut last = entered;
        let mut rows = Vec::new();
        for i in 1..t.path.len() {
            let (from, to, day) = (t.path[i - 1], t.path[i], t.days[i]);
            if day < entry_day {
                continue;
            }
            let by = match lifecycle::find(from, to).map(|m| m.by) {
                Some(By::Filler) => filler,
                _ => reviewer,
            };
            let at = self.clock.office_time(day, rng).max(last + chrono::Duration::minutes(rng.int(5, 90)));
            last = at;
            let change_date = match to {
                S::Signed => facts.sign_date,
                S::UnderConstruction => facts.actual_start_date,
                S::Completed => facts.actual_completion_date,
                S::InProduction => facts.production_date,
                S::FullCapacity => facts.full_capacity_date,
                S::Terminated => facts.exit_date,
                _ => Some(day),
            };
            rows.push(project_status_log::ActiveModel {
                id: Set(keeper_common::id::next_id()),
                tenant_id: Set(self.zone.tenant().into()),
                project_id: Set(project_id),
                from_status: Set(from.code().into()),
                to_status: Set(to.code().into()),
                change_date: Set(change_date),
                reason: Set(if to == S::Suspended { facts.reason.clone() } else { String::new() }),
                operator_id: Set(by.id),
                operator_name: Set(by.real_name.clone()),
                create_time: Set(at),
            });
        }
        rows
    }
}
