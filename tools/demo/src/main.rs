//! `make demo`: loads the demo zone (tenant 888888) into the databases `make start` uses, configured by the
//! same `KEEPER_*` variables (or `--config`). Whether the services run or not does not matter.
use std::time::Instant;

use chrono::NaiveDate;
use clap::Parser;
use keeper_common::config::{Service, Settings, mask_url_password};
use keeper_demo::{Loaded, Options, PASSWORD_VAR, Password, Scale};

#[derive(Parser)]
#[command(name = "keeper-demo", about = "Load the Keeper demo zone (tenant 888888); a second run replaces it")]
struct Args {
    /// How many zones: 888888, then 888889… for province-scale benchmarks.
    #[arg(long, default_value_t = 1)]
    tenants: u32,
    /// The zone's today (yyyy-MM-dd); by default the first day of this month, so that loads within a month
    /// are identical.
    #[arg(long)]
    as_of: Option<NaiveDate>,
    /// Projects of each zone (a benchmark's large zone: 600); the demo zone has 300.
    #[arg(long, default_value_t = keeper_demo::projects::COUNT)]
    projects: usize,
    /// Firms in each zone's register (a benchmark's zone of 10,000 output reporters: 43000); the demo zone
    /// has 800.
    #[arg(long, default_value_t = keeper_demo::enterprises::COUNT)]
    enterprises: usize,
    /// Years of monthly reports before this year's: the platform went live in January that many years
    /// back (a benchmark's large zone: 5); the demo zone's went live in January of last year.
    #[arg(long, default_value_t = 1)]
    years: u32,
    /// A Keeper configuration file, as the services take it (also `KEEPER_CONFIG`).
    #[arg(long)]
    config: Option<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let settings = Settings::load()?;
    let as_of = args.as_of.unwrap_or_else(keeper_demo::clock::Clock::this_month);
    anyhow::ensure!(as_of <= keeper_common::time::today(), "--as-of cannot be in the future");
    let password = std::env::var(PASSWORD_VAR).ok().filter(|p| !p.is_empty());
    let started = Instant::now();
    let loaded = keeper_demo::load(
        &settings,
        &Options {
            tenants: args.tenants,
            as_of,
            password,
            scale: Scale { projects: args.projects, enterprises: args.enterprises, years: args.years },
        },
    )
    .await?;
    print(&settings, &loaded, as_of);
    println!("  ({:.1} s)", started.elapsed().as_secs_f64());
    Ok(())
}

fn print(settings: &Settings, loaded: &Loaded, as_of: NaiveDate) {
    if let Some(p) = &loaded.platform_password {
        println!("\n  Keeper is set up. Sign in to tenant 000000 as `admin` with the initial password: {p}");
    }
    println!(
        "\n  Demo data as of {as_of} loaded into {} and {}:",
        mask_url_password(settings.database_url(Service::System)),
        mask_url_password(settings.database_url(Service::Business))
    );
    for z in &loaded.zones {
        let c = z.counts;
        println!(
            "    {} {}: {} departments, {} accounts, {} enterprises, {} projects ({} in the library, {} finished with their completion), {} monthly reports ({} approved), {} annual plans, {} issues ({} open), {} department targets ({} earlier versions, {} official figures), {} investment forecasts ({} approved), {} output reports ({} approved), {} enterprise output targets, {} output surveys, {} notices ({} published, {} read receipts), {} review steps, {} status changes",
            z.tenant_id,
            z.name,
            z.departments,
            z.accounts.len(),
            c.enterprises,
            c.projects,
            c.in_library,
            c.completions,
            c.reports,
            c.approved_reports,
            c.plans,
            c.issues,
            c.open_issues,
            c.targets,
            c.target_versions,
            c.official_figures,
            c.forecasts,
            c.approved_forecasts,
            c.output_reports,
            c.approved_output_reports,
            c.output_targets,
            c.output_surveys,
            c.notices,
            c.published_notices,
            c.notice_reads,
            c.review_log,
            c.status_log
        );
    }
    let Some(first) = loaded.zones.first() else { return };
    println!("\n  Sign in to tenant {} with one of these accounts:\n", first.tenant_id);
    for a in &first.accounts {
        println!("    {:<10} {:<8}\t{:<10}\t{}", a.account, a.real_name, a.role, a.dept);
    }
    if loaded.zones.len() > 1 {
        println!("\n  (the other zones have the same accounts)");
    }
    match &loaded.password {
        Password::Given => println!("\n  Password: the value of {PASSWORD_VAR}."),
        Password::Kept => println!("\n  Password: unchanged from the previous load (set {PASSWORD_VAR} to choose one)."),
        Password::Generated(p) => {
            println!("\n  Password of every account: {p}\n  (shown once; set {PASSWORD_VAR} to choose it yourself)")
        }
    }
}
