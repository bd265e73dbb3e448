//! Who carries a project out and where (domain-model §2.2.1): where its money comes from
//! (`project_source`), the park and territory it lies in, its unit (a registered firm of the zone, the
//! zone's platform company, or an investor's project company not registered yet) and the investor.
use keeper_business::investment::project::form::ATTRACTED_SOURCE;
use keeper_business::investment::project::lifecycle::ProjectStatus as S;

use super::timeline::Timeline;
use crate::enterprises::Firm;
use crate::names::{self, Industry};
use crate::rng::Rng;
use crate::zone::{Theme, Zone};

/// The project's unit.
pub enum Owner<'f> {
    Firm(&'f Firm),
    /// An investor's project company not registered yet (`ownerName`).
    Named(String),
}

/// The parent company of an attracted project.
pub struct Investor {
    pub name: String,
    /// `investor_origin`: 2 市外省内, 3 省外, 4 境外.
    pub origin: &'static str,
}

pub struct Placement<'z> {
    /// `project_source`.
    pub source: &'static str,
    pub theme: &'static Theme,
    /// The territory (department index): a park, one of its areas, or the committee for a project of the
    /// whole zone.
    pub territory: usize,
    pub owner: Owner<'z>,
    pub industry: &'static Industry,
    /// The trade name the project's words use.
    pub brand: String,
    pub investor: Option<Investor>,
}

impl Placement<'_> {
    /// Names a project company not registered yet after the trade the project turned out to be in (a
    /// 冷链物流中心 is built by a 供应链 company, whatever park it lies in).
    pub fn name_owner_for(&mut self, zone: &Zone, industry: &str, rng: &mut Rng) {
        if let (Owner::Named(name), Some(i)) = (&mut self.owner, names::INDUSTRIES.iter().find(|i| i.code == industry)) {
            *name = format!("{}{}{}有限公司(筹)", zone.plan.place, self.brand, rng.pick(i.firm_words));
        }
    }
}

/// Where the money of a project of `kind` comes from; a project being negotiated or signed is always
/// 招商引资.
pub fn source_of(kind: &str, status: S, rng: &mut Rng) -> &'static str {
    if matches!(status, S::Negotiating | S::Signed) {
        return ATTRACTED_SOURCE;
    }
    rng.weighted(match kind {
        "01" => &[(65, "1"), (35, "2")][..],
        "02" => &[(90, "2"), (10, "4")][..],
        "03" => &[(60, "1"), (15, "2"), (25, "4")][..],
        "04" => &[(40, "1"), (40, "3"), (20, "4")][..],
        "05" => &[(85, "3"), (15, "4")][..],
        "06" => &[(90, "3"), (10, "4")][..],
        "07" => &[(80, "3"), (20, "2")][..],
        "08" => &[(70, "1"), (30, "4")][..],
        _ => &[(40, "4"), (35, "2"), (25, "1")][..],
    })
}

/// Places a project of `kind` from `source` with life `t`.
pub fn place<'z>(
    zone: &'z Zone,
    firms: &'z [Firm],
    kind: &str,
    source: &'static str,
    t: &Timeline,
    rng: &mut Rng,
) -> anyhow::Result<Placement<'z>> {
    let makes_things = matches!(kind, "01" | "02");
    // A plant goes to a park with manufacturing, not to the service district.
    let park_weights: Vec<(u32, usize)> = zone
        .parks()
        .into_iter()
        .filter_map(|p| zone.theme(p).map(|t| (t, p)))
        .filter(|(t, _)| !makes_things || t.industries.iter().any(|(_, code)| names::industry(code).industrial))
        .map(|(t, p)| (t.weight, p))
        .collect();
    anyhow::ensure!(!park_weights.is_empty(), "no park fits a project of type {kind}");
    let park = rng.weighted(&park_weights);
    let theme = zone.theme(park).ok_or_else(|| anyhow::anyhow!("a park without a theme"))?;
    // An investor registers its local company with the project's formalities.
    let registered_locally = t.path.contains(&S::Preparing) || t.start.is_some();
    let firm = match source {
        "2" => firm_in(zone, firms, park, makes_things, rng),
        "3" => platform(firms, kind),
        "1" if registered_locally => firm_in(zone, firms, park, makes_things, rng),
        "4" if rng.chance(0.5) => firm_in(zone, firms, park, makes_things, rng),
        _ => None,
    };
    let own_firm = firm.filter(|f| !f.platform);
    let industry = match own_firm {
        Some(f) => f.industry,
        None => {
            let fitting: Vec<(u32, &str)> =
                theme.industries.iter().copied().filter(|(_, code)| !makes_things || names::industry(code).industrial).collect();
            names::industry(rng.weighted(&fitting))
        }
    };
    // The parent group of an attracted project carries the trade name of its local company.
    let brand = match (own_firm, source) {
        (Some(f), _) => f.brand.clone(),
        (None, "3") => zone.plan.place.clone(),
        (None, _) => names::brand(rng),
    };
    let investor = (source == ATTRACTED_SOURCE).then(|| investor(&brand, industry, rng));
    let owner = match firm {
        Some(f) => Owner::Firm(f),
        None => Owner::Named(format!("{}{brand}{}有限公司(筹)", zone.plan.place, rng.pick(industry.firm_words))),
    };
    // A government project may serve the whole zone; everything else lies in a park.
    let territory = match own_firm {
        Some(f) => f.dept,
        None if source == "3" && rng.chance(0.3) => 0,
        None => {
            let ts = zone.territories(park);
            ts[rng.index(ts.len())]
        }
    };
    Ok(Placement { source, theme, territory, owner, industry, brand, investor })
}

/// A firm of the park that can carry a project: not a platform company, still in the zone, industrial
/// when the project makes things.
fn firm_in<'z>(zone: &Zone, firms: &'z [Firm], park: usize, industrial: bool, rng: &mut Rng) -> Option<&'z Firm> {
    let territories = zone.territories(park);
    let candidates: Vec<&Firm> = firms
        .iter()
        .filter(|f| {
            !f.platform
                && territories.contains(&f.dept)
                && matches!(f.operating_status.as_str(), "1" | "2" | "4")
                && (!industrial || f.industry.industrial)
        })
        .collect();
    (!candidates.is_empty()).then(|| candidates[rng.index(candidates.len())])
}

/// The platform company that builds for the zone: the construction group for infrastructure, social and
/// environmental projects, the innovation company for platforms, the investment company otherwise.
fn platform<'z>(firms: &'z [Firm], kind: &str) -> Option<&'z Firm> {
    let platforms: Vec<&Firm> = firms.iter().filter(|f| f.platform).collect();
    let i = match kind {
        "05" | "06" | "07" => 0,
        "04" => 3,
        _ => 1,
    };
    platforms.get(i).or(platforms.first()).copied()
}

fn investor(brand: &str, industry: &Industry, rng: &mut Rng) -> Investor {
    let origin = rng.weighted(&[(15, "2"), (65, "3"), (20, "4")]);
    let city = match origin {
        "2" => rng.pick(names::CITIES_IN_PROVINCE),
        "3" => rng.pick(names::CITIES_OUT_OF_PROVINCE),
        _ => rng.pick(names::ABROAD),
    };
    let word = rng.pick(industry.firm_words);
    let tail = if origin == "4" {
        "控股有限公司"
    } else {
        rng.pick(&["集团有限公司", "股份有限公司", "集团股份有限公司"])
    };
    Investor { name: format!("{city}{brand}{word}{tail}"), origin }
}
