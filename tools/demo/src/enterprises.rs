//! The zone's enterprise register (domain-model §2.1): about 800 firms spread over the sub-parks by their
//! themes, with valid credit codes, and the zone's state-owned platform companies under the committee.
//! Each firm is a real `EnterpriseForm`, validated and checked against the tenant's departments and
//! dictionaries exactly as `enterprise/submit` checks one.
use std::collections::HashSet;

use chrono::{Datelike, NaiveDate};
use keeper_business::enterprise::form::{Enterprise, EnterpriseForm, check_credit_code};
use keeper_business::entity::enterprise;
use keeper_business::reference::Reference;
use keeper_db::base::{self, Author};
use rust_decimal::Decimal;
use sea_orm::{ActiveValue::Set, IntoActiveModel};

use crate::clock::Clock;
use crate::names::{self, Industry};
use crate::rng::Rng;
use crate::zone::{Bureau, Zone};

/// Firms of the demo zone (domain-model §6.1: a typical national-level zone registers 500–2,000); a
/// benchmark's zone may hold more (`Scale::enterprises`).
pub const COUNT: usize = 800;

/// A generated firm, as the projects need it.
pub struct Firm {
    pub id: i64,
    pub name: String,
    pub brand: String,
    /// The department (territory) index in the zone plan.
    pub dept: usize,
    pub industry: &'static Industry,
    pub industry_code: String,
    pub established: NaiveDate,
    pub operating_status: String,
    /// A state-owned platform company of the zone: the unit of government projects.
    pub platform: bool,
}

const COMPANY_TYPES: &[(u32, &str)] = &[
    (50, "173"),
    (14, "159"),
    (5, "174"),
    (6, "160"),
    (1, "110"),
    (1, "120"),
    (2, "171"),
    (1, "190"),
    (5, "310"),
    (5, "330"),
    (1, "340"),
    (2, "210"),
    (3, "230"),
];

/// The platform companies every zone has, under the committee: name, industry, capital (万元).
const PLATFORMS: &[(&str, &str, i64)] = &[
    ("建设投资集团有限公司", "E", 500_000),
    ("产业投资发展有限公司", "L", 300_000),
    ("城市运营管理有限公司", "L", 50_000),
    ("科技创新服务有限公司", "M", 20_000),
];

/// Generates the zone's firms and their rows; a firm that fails a check of the real form fails the load.
pub fn generate(zone: &Zone, reference: &Reference, clock: &Clock) -> anyhow::Result<(Vec<Firm>, Vec<enterprise::ActiveModel>)> {
    let mut rng = Rng::stream(zone.plan.index, "enterprises");
    let mut taken_names = HashSet::new();
    let mut taken_codes = HashSet::new();
    let mut firms = Vec::with_capacity(zone.plan.enterprises);
    let mut rows = Vec::with_capacity(zone.plan.enterprises);
    let parks = zone.parks();
    let park_weights: Vec<(u32, usize)> = parks.iter().map(|&p| (zone.theme(p).map_or(1, |t| t.weight), p)).collect();
    for n in 0..zone.plan.enterprises {
        let mut draft = if n < PLATFORMS.len() {
            platform(zone, n, &mut rng, clock)
        } else {
            let park = rng.weighted(&park_weights);
            let territories = zone.territories(park);
            // Areas hold most of a park's firms when the park has them.
            let dept = if territories.len() > 1 && rng.chance(0.7) { territories[1 + rng.index(territories.len() - 1)] } else { park };
            let theme = zone.theme(park).ok_or_else(|| anyhow::anyhow!("a park without a theme"))?;
            let industry = names::industry(rng.weighted(theme.industries));
            firm(zone, dept, industry, &mut rng, clock)
        };
        // Names and codes are unique among a tenant's firms (the service refuses duplicates).
        while !taken_names.insert(draft.form.enterprise_name.clone().unwrap_or_default()) {
            let (name, brand, short) = firm_name(zone, draft.industry, draft.form.company_type.as_deref().unwrap_or(""), &mut rng);
            draft.form.enterprise_name = Some(name);
            draft.form.short_name = Some(short);
            draft.brand = brand;
        }
        while !taken_codes.insert(draft.form.credit_code.clone().unwrap_or_default()) {
            draft.form.credit_code = Some(credit_code(zone, draft.established, &mut rng));
        }
        let filler = zone.filler(draft.dept);
        let e: Enterprise = draft.form.validate().map_err(|e| anyhow::anyhow!("enterprise {n}: {e}"))?;
        e.check_references(reference).map_err(|e| anyhow::anyhow!("enterprise {n}: {e}"))?;
        let mut row = e.clone().into_active_model();
        // Registered on the platform when it went live (three years back) or when founded since.
        let platform_start = clock.days_ago(3 * 365);
        let day = clock.after(draft.established.max(platform_start), rng.int(5, 120));
        let created = clock.office_time(day, &mut rng);
        let id = keeper_common::id::next_id();
        let author = Author { tenant: zone.tenant(), user: filler.id, dept: Some(zone.dept_id(filler.dept)), at: created };
        base::created::<enterprise::Entity>(&mut row, id, &author);
        let edited = clock.after(day, rng.int(0, 400));
        base::updated::<enterprise::Entity>(&mut row, &Author { at: clock.office_time(edited, &mut rng).max(created), ..author });
        // Last year's output is the output module's (`output`, set by `business`), never the form's.
        row.last_year_output = Set(None);
        rows.push(row);
        firms.push(Firm {
            id,
            name: e.enterprise_name,
            brand: draft.brand,
            dept: draft.dept,
            industry: draft.industry,
            industry_code: e.industry_code,
            established: draft.established,
            operating_status: e.operating_status,
            platform: n < PLATFORMS.len(),
        });
    }
    Ok((firms, rows))
}

struct Draft {
    form: EnterpriseForm,
    brand: String,
    dept: usize,
    industry: &'static Industry,
    established: NaiveDate,
}

fn platform(zone: &Zone, n: usize, rng: &mut Rng, clock: &Clock) -> Draft {
    let (suffix, code, capital) = PLATFORMS[n];
    let established = clock.days_ago(rng.int(8 * 365, 15 * 365));
    let mut form = base_form(zone, 0, code, rng, established);
    form.enterprise_name = Some(format!("{}{suffix}", zone.plan.short_name));
    form.short_name = Some(format!("{}{}", zone.plan.place, &suffix[..suffix.char_indices().nth(4).map_or(suffix.len(), |(i, _)| i)]));
    form.company_type = Some("151".into());
    form.registered_capital = Some(Decimal::from(capital));
    form.stat_category = Some(if code == "E" { "2".into() } else { "6".into() });
    form.enterprise_scale = Some("1".into());
    form.employee_count = Some(rng.int(150, 900) as i32);
    form.main_products = Some(match code {
        "E" => "园区基础设施建设、标准化厂房建设运营".into(),
        "L" => "产业投资、园区运营管理服务".into(),
        _ => "科技企业孵化、技术转移服务".into(),
    });
    Draft { brand: zone.plan.place.clone(), form, dept: 0, industry: names::industry(code), established }
}

fn firm(zone: &Zone, dept: usize, industry: &'static Industry, rng: &mut Rng, clock: &Clock) -> Draft {
    let company_type = rng.weighted(COMPANY_TYPES).to_string();
    let (name, brand, short) = firm_name(zone, industry, &company_type, rng);
    // Size first: age, capital, staff, land and the statistics category follow it.
    let size = rng.log_uniform(1.0, 300.0);
    let age = rng.log_uniform(150.0, 9_000.0).max(if size > 50.0 { rng.log_uniform(1_500.0, 9_000.0) } else { 0.0 });
    let established = clock.days_ago(age as i64);
    let mut form = base_form(zone, dept, industry.code, rng, established);
    let capital = round_to((size * rng.fraction(30.0, 120.0)).max(50.0), if size < 10.0 { 10.0 } else { 100.0 });
    let employees = ((size * rng.fraction(4.0, 12.0)) as i32).clamp(3, 6000);
    // A firm still building its plant (在建未投产) is young and has no output to count yet.
    let young = established > clock.days_ago(2 * 365);
    let status = rng.weighted(&[(85, "1"), (4, "2"), (2, "3"), (if young { 30 } else { 1 }, "4"), (2, "5"), (2, "6")]);
    // 规上 from a year after founding at the earliest, and never in the future.
    let first_period = established + chrono::Duration::days(365);
    let last_period = clock.as_of - chrono::Duration::days(28);
    let stat = match stat_category(industry, size, rng) {
        "1" if status == "4" || first_period > last_period => "7",
        s => s,
    };
    form.enterprise_name = Some(name);
    form.short_name = Some(short);
    form.company_type = Some(company_type);
    form.registered_capital = Some(Decimal::from(capital as i64));
    form.employee_count = Some(employees);
    form.enterprise_scale = Some(
        match employees {
            e if e >= 1000 => "1",
            e if e >= 300 => "2",
            e if e >= 20 => "3",
            _ => "4",
        }
        .into(),
    );
    if stat == "1" {
        let from = first_period.max(clock.days_ago(12 * 365));
        let span = (last_period - from).num_days().max(0);
        form.above_scale_period = Some((from + chrono::Duration::days(rng.int(0, span))).format("%Y-%m").to_string());
    }
    form.stat_category = Some(stat.into());
    if industry.industrial {
        form.land_area = Some(Decimal::from((size * rng.fraction(0.8, 2.5)).clamp(5.0, 800.0) as i64));
        form.is_high_tech = Some(if rng.chance(0.12 + size / 600.0) { "Y" } else { "N" }.into());
        form.specialized_level =
            Some(rng.weighted(&[(72, "1"), (16, "2"), (9, "3"), ((if size > 40.0 { 4 } else { 1 }), "4")]).to_string());
    } else if industry.code == "I" || industry.code == "M" {
        form.is_high_tech = Some(if rng.chance(0.3) { "Y" } else { "N" }.into());
    }
    form.is_listed = Some(if size > 120.0 && rng.chance(0.25) { "Y" } else { "N" }.into());
    form.operating_status = Some(status.into());
    Draft { form, brand, dept, industry, established }
}

/// What every firm has: territory, industry and its bureau, code, people, addresses and place.
fn base_form(zone: &Zone, dept: usize, code: &str, rng: &mut Rng, established: NaiveDate) -> EnterpriseForm {
    let industry = names::industry(code);
    let (lon, lat) = zone.point_in(dept, rng);
    let road = zone.theme(dept).map_or("政务大道", |t| rng.pick(t.roads));
    let address = format!("{}{}{}号", zone.plan.short_name, road, rng.int(1, 288));
    let leader = rng.chance(0.2).then(|| rng.choose(&zone.plan.leaders).clone());
    let products: Vec<&str> =
        (0..rng.int(1, 3)).map(|_| rng.pick(industry.products).0).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    EnterpriseForm {
        credit_code: Some(credit_code(zone, established, rng)),
        industry_code: Some(code.into()),
        leading_industry: Some(industry.chain.into()),
        dept_id: Some(zone.dept_id(dept)),
        industry_dept_id: Some(zone.dept_id(zone.bureau(Bureau::of_industry(code)))),
        legal_person: Some(names::person(rng)),
        establish_date: Some(established),
        registered_address: Some(address.clone()),
        production_address: Some(if rng.chance(0.85) {
            address
        } else {
            format!("{}{}{}号", zone.plan.short_name, road, rng.int(300, 600))
        }),
        longitude: Some(coordinate(lon)),
        latitude: Some(coordinate(lat)),
        main_products: Some(products.join("、")),
        contact_name: Some(names::person(rng)),
        contact_phone: Some(names::mobile(rng)),
        liaison_dept_id: leader.as_ref().map(|_| zone.dept_id(if dept == 0 { zone.bureau(Bureau::Economy) } else { dept })),
        liaison_leader: leader,
        operating_status: Some("1".into()),
        ..Default::default()
    }
}

/// The statistics category (`stat_category`) of a firm of this industry and size: the category of its
/// trade when it is large enough to be counted (四上), else 非四上; every developer is counted.
fn stat_category(industry: &Industry, size: f64, rng: &mut Rng) -> &'static str {
    let counted = rng.chance((size / 60.0).min(0.9));
    let category = match industry.code {
        _ if industry.industrial => "1",
        "E" => "2",
        "F" => "3",
        "H" => "4",
        "K" => return "5",
        _ => "6",
    };
    if counted { category } else { "7" }
}

/// A firm's name, trade name and short name: "星湖华曜新能源科技有限公司", "华曜", "华曜新能".
fn firm_name(zone: &Zone, industry: &Industry, company_type: &str, rng: &mut Rng) -> (String, String, String) {
    let brand = names::brand(rng);
    let word = rng.pick(industry.firm_words);
    let form = names::legal_form(company_type, rng);
    let prefix = match rng.int(0, 9) {
        0..=5 => zone.plan.place.clone(),
        6..=7 => String::new(),
        _ => rng.pick(names::CITIES_OUT_OF_PROVINCE).to_string(),
    };
    (format!("{prefix}{brand}{word}{form}"), brand.clone(), format!("{brand}{}", short_word(word)))
}

/// The first two characters of the industry word of a name, as short names keep them (华曜汽车, 华曜电子).
fn short_word(word: &str) -> &str {
    let end = word.char_indices().nth(2).map_or(word.len(), |(i, _)| i);
    &word[..end]
}

/// A unified social credit code (GB 32100-2015) of a firm registered in the zone: 9 (market regulator),
/// 1 (enterprise), the zone's division, the organisation code (digits for firms older than the 2015
/// reform, `MA…` after), and the check character.
pub fn credit_code(zone: &Zone, established: NaiveDate, rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKLMNPQRTUWXY";
    let org: String = if established.year() < 2016 {
        (0..9).map(|_| char::from(ALPHABET[rng.index(10)])).collect()
    } else {
        let tail: String = (0..7).map(|_| char::from(ALPHABET[rng.index(ALPHABET.len())])).collect();
        format!("MA{tail}")
    };
    with_check(&format!("91{}{org}", zone.plan.division))
}

/// The 17 characters with their check character appended.
fn with_check(first17: &str) -> String {
    const ALPHABET: &str = "0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [usize; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    let sum: usize = first17.chars().zip(WEIGHTS).map(|(c, w)| ALPHABET.find(c).unwrap_or(0) * w).sum();
    let check = ALPHABET.chars().nth((31 - sum % 31) % 31).unwrap_or('0');
    let code = format!("{first17}{check}");
    debug_assert!(check_credit_code(&code).is_ok(), "{code}");
    code
}

fn round_to(x: f64, step: f64) -> f64 {
    ((x / step).round() * step).max(step)
}

/// A coordinate with the six decimals the columns keep.
pub fn coordinate(x: f64) -> Decimal {
    Decimal::from_f64_retain(x).map(|d| d.round_dp(6)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_credit_codes_pass_the_form_check() {
        let plan = crate::zone::ZonePlan::new(0).unwrap();
        let zone = Zone { dept_ids: (1..=plan.depts.len() as i64).collect(), accounts: vec![], plan };
        let mut rng = Rng::stream(0, "codes");
        for year in [1999, 2015, 2016, 2025] {
            let day = NaiveDate::from_ymd_opt(year, 6, 1).unwrap();
            for _ in 0..200 {
                let code = credit_code(&zone, day, &mut rng);
                assert_eq!(check_credit_code(&code), Ok(()), "{code}");
                assert!(code.starts_with("91340171"));
            }
        }
    }
}
