//! keeper-demo (`make demo`): loads a realistic, deterministic demo zone as tenant `888888` into the
//! databases the services use, through the services' own migrations, seed, provisioning, forms and
//! rules. A second load replaces the zone, so counts stay the same; other tenants are never touched.
//!
//! A zone is written in two steps: `system` (tenant, departments, roles, accounts) and `business` (firms,
//! projects, review and status history, completions, monthly reports, annual plans, issues, department
//! targets with the official figures, investment forecasts, the firms' monthly output reports). Everything
//! drawn by chance comes from seeded streams (`rng`) and a calendar counted back from one day (`clock`), so
//! a zone loaded twice in a month is the same zone.
pub mod business;
pub mod clock;
pub mod completions;
pub mod enterprises;
pub mod forecasts;
pub mod issues;
pub mod names;
pub mod notices;
pub mod output;
pub mod output_surveys;
pub mod output_targets;
pub mod plans;
pub mod projects;
pub mod reports;
pub mod rng;
pub mod system;
pub mod targets;
pub mod zone;

use chrono::NaiveDate;
use keeper_common::config::{Service, Settings};
use sea_orm::DatabaseConnection;

use crate::clock::Clock;
use crate::zone::{ROLES, RoleKind, ZonePlan};

/// The variable that sets the password of every demo account.
pub const PASSWORD_VAR: &str = "KEEPER_DEMO_PASSWORD";

pub struct Options {
    /// How many zones: the demo zone `888888`, then `888889`… (province-scale benchmarks).
    pub tenants: u32,
    /// The zone's today: every date is counted back from it.
    pub as_of: NaiveDate,
    /// The password of every demo account (`KEEPER_DEMO_PASSWORD`); `None` keeps the one a previous
    /// load set, or makes one up.
    pub password: Option<String>,
    /// The size of each zone: the demo zone's by default.
    pub scale: Scale,
}

/// How large each zone is: its projects, its firms, and the years of monthly reports before this year's.
/// The default is the demo zone; a benchmark asks for a large zone (`--projects 600 --years 5`, or
/// `--enterprises 43000` for the output reports of 10,000 firms). Departments and accounts keep their size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    pub projects: usize,
    /// Firms in the register; about a quarter of them are 规上 industrial firms that report their output.
    pub enterprises: usize,
    /// The platform went live in January of the year `years` before the zone's today's.
    pub years: u32,
}

impl Default for Scale {
    fn default() -> Scale {
        Scale { projects: projects::COUNT, enterprises: enterprises::COUNT, years: 1 }
    }
}

impl Scale {
    pub fn check(&self) -> anyhow::Result<()> {
        // Below 30 some status would have no project; above 3,000 project numbers (`XM2026-NNNN`) could
        // run out in a year.
        anyhow::ensure!((30..=3000).contains(&self.projects), "--projects must be between 30 and 3000");
        anyhow::ensure!((1..=10).contains(&self.years), "--years must be between 1 and 10");
        // Below 100 a park could have no firm for its projects; above 50,000 the register outgrows the
        // largest zone of domain-model §6.1 fivefold.
        anyhow::ensure!((100..=50_000).contains(&self.enterprises), "--enterprises must be between 100 and 50000");
        Ok(())
    }

    /// The zone's plan at this scale.
    pub fn zone(&self, index: u32) -> anyhow::Result<ZonePlan> {
        let mut plan = ZonePlan::new(index)?;
        plan.projects = self.projects;
        plan.enterprises = self.enterprises;
        Ok(plan)
    }

    /// The zone's calendar at this scale.
    pub fn clock(&self, as_of: NaiveDate) -> Clock {
        Clock::with_history(as_of, self.years)
    }
}

/// Where the accounts' password comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Password {
    /// `KEEPER_DEMO_PASSWORD`.
    Given,
    /// A previous load's, unchanged.
    Kept,
    /// Made up now: shown once.
    Generated(String),
}

pub struct AccountLine {
    pub account: String,
    pub real_name: String,
    pub role: String,
    pub dept: String,
}

pub struct LoadedZone {
    pub tenant_id: String,
    pub name: String,
    pub departments: usize,
    pub accounts: Vec<AccountLine>,
    pub counts: business::Counts,
}

pub struct Loaded {
    pub zones: Vec<LoadedZone>,
    pub password: Password,
    /// The platform administrator's initial password when this load set up a new installation.
    pub platform_password: Option<String>,
}

/// The system and business databases with their migrations applied, and the platform seeded, exactly as
/// the services do it at start: a never-started installation works.
pub async fn connect(settings: &Settings) -> anyhow::Result<(DatabaseConnection, DatabaseConnection, Option<String>)> {
    let sys = keeper_db::connect_and_migrate::<keeper_system::migration::Migrator>(settings.database_url(Service::System)).await?;
    let seeded = keeper_system::seed::run(&sys, settings).await?;
    let biz = keeper_db::connect_and_migrate::<keeper_business::migration::Migrator>(settings.database_url(Service::Business)).await?;
    Ok((sys, biz, seeded.and_then(|s| s.generated_password)))
}

/// Loads the zones of `options` into the databases of `settings`.
pub async fn load(settings: &Settings, options: &Options) -> anyhow::Result<Loaded> {
    anyhow::ensure!(options.tenants >= 1, "--tenants must be at least 1");
    options.scale.check()?;
    let (sys, biz, platform_password) = connect(settings).await?;
    let plans = (0..options.tenants).map(|i| options.scale.zone(i)).collect::<anyhow::Result<Vec<_>>>()?;
    // Every zone is checked before any is written: a refused one leaves the databases as they were.
    let mut existing = Vec::with_capacity(plans.len());
    for plan in &plans {
        existing.push(system::existing(&sys, &plan.tenant_id).await?);
    }
    // Stored as the service stores it: bcrypt over the md5 the web client sends.
    let (plain, password) = match &options.password {
        Some(p) => (Some(p.clone()), Password::Given),
        None if existing.iter().all(|e| e.admin_hash.is_some()) => (None, Password::Kept),
        None => {
            let p = random_password();
            (Some(p.clone()), Password::Generated(p))
        }
    };
    let fresh_hash = match plain {
        Some(p) => keeper_security::password::hash(&keeper_security::password::md5_hex(&p), settings.bcrypt_cost).await?,
        None => String::new(),
    };
    let clock = options.scale.clock(options.as_of);
    let mut zones = Vec::with_capacity(plans.len());
    for (plan, before) in plans.into_iter().zip(existing) {
        let password_hash = match (&password, before.admin_hash) {
            (Password::Kept, Some(h)) => h,
            _ => fresh_hash.clone(),
        };
        let zone = system::write(&sys, plan, &password_hash).await?;
        let reference = system::reference(&sys, zone.tenant()).await?;
        let counts = business::write(&biz, &zone, &reference, &clock).await?;
        let role_name = |k: RoleKind| ROLES.iter().find(|r| r.kind == k).map_or("管理员", |r| r.name).to_string();
        zones.push(LoadedZone {
            tenant_id: zone.tenant().to_string(),
            name: zone.plan.name.clone(),
            departments: zone.plan.depts.len(),
            accounts: zone
                .accounts
                .iter()
                .map(|a| AccountLine {
                    account: a.account.clone(),
                    real_name: a.real_name.clone(),
                    role: role_name(a.role),
                    dept: zone.dept(a.dept).name.clone(),
                })
                .collect(),
            counts,
        });
    }
    Ok(Loaded { zones, password, platform_password })
}

fn random_password() -> String {
    use rand::Rng;
    const CHARS: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..12).map(|_| CHARS[rng.random_range(0..CHARS.len())] as char).collect()
}
