//! The plan of a demo zone: its tenant, department tree with power types (管委会, leaders, bureaus,
//! co-operating departments, sub-parks with their areas), the roles a newcomer can try and one account for
//! each. Pure data; `system` writes it and turns it into a [`Zone`] with ids.
use crate::names;
use crate::rng::Rng;

/// The tenant of the demo zone (ARCHITECTURE §2); a scaled run adds 888889, 888890…
pub const DEMO_TENANT: &str = "888888";

/// `dept_power_type` (domain-model §5.5).
pub const COMMITTEE: i32 = 1;
pub const TERRITORY: i32 = 2;
pub const INDUSTRY: i32 = 3;
pub const CO_OPERATING: i32 = 4;
pub const READ_ONLY: i32 = 5;

/// `org_category`: the root is the organisation (公司), every other node a department (部门).
const ORGANISATION: i32 = 1;
const DEPARTMENT: i32 = 2;

/// Place names of zones; a scaled run prefixes a direction once they are used up.
const PLACES: &[&str] = &[
    "星湖", "云梦", "青岚", "临江", "白鹭", "金沙", "柳湾", "凤鸣", "龙泉", "松岭", "梅溪", "丹霞", "芙蓉", "紫荆", "银杏", "明月", "石门",
    "清河", "桃源", "鹿鸣",
];
const DIRECTIONS: &[&str] = &["", "东", "西", "南", "北", "新", "上", "中", "前", "后"];

/// A sub-park: its name, its areas (sub-parks of its own), the industries of its firms with their
/// weights, its roads, and its share of the zone's firms.
pub struct Theme {
    pub name: &'static str,
    pub areas: &'static [&'static str],
    pub industries: &'static [(u32, &'static str)],
    pub roads: &'static [&'static str],
    pub weight: u32,
    /// Where it lies from the zone's centre (degrees of longitude, latitude).
    pub offset: (f64, f64),
}

#[rustfmt::skip]
pub static THEMES: &[Theme] = &[
    Theme { name: "新能源汽车产业园", areas: &["整车制造片区", "零部件配套片区"],
        industries: &[(40, "C36"), (25, "C38"), (10, "C33"), (10, "C29"), (5, "C34"), (5, "C26"), (5, "G")],
        roads: &["锦绣大道", "繁华大道", "紫石路", "云谷路", "汤口路", "宿松路"], weight: 26, offset: (0.045, -0.02) },
    Theme { name: "电子信息产业园", areas: &["集成电路片区", "软件与信息服务片区"],
        industries: &[(45, "C39"), (12, "C38"), (8, "C40"), (20, "I"), (5, "C26"), (5, "M"), (5, "C30")],
        roads: &["创新大道", "天都路", "翡翠路", "石门路", "玉兰大道"], weight: 24, offset: (-0.03, 0.035) },
    Theme { name: "高端装备制造产业园", areas: &[],
        industries: &[(30, "C34"), (25, "C35"), (15, "C33"), (8, "C40"), (7, "C37"), (8, "C32"), (7, "C30")],
        roads: &["始信路", "莲花路", "芙蓉路", "桃花路", "丹霞路"], weight: 20, offset: (0.06, 0.03) },
    Theme { name: "生物医药产业园", areas: &[],
        industries: &[(45, "C27"), (15, "C35"), (15, "C14"), (8, "C13"), (7, "C15"), (10, "M")],
        roads: &["明珠大道", "百草路", "杏林路", "青松路"], weight: 15, offset: (-0.05, -0.03) },
    Theme { name: "临湖现代服务区", areas: &[],
        industries: &[(22, "F"), (18, "G"), (8, "H"), (15, "I"), (15, "L"), (10, "M"), (7, "E"), (5, "K")],
        roads: &["临湖大道", "观湖路", "沿湖西路", "金融港路"], weight: 15, offset: (0.0, 0.05) },
];

/// The industry bureaus (行业主管部门) and which firms' industries each is responsible for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bureau {
    /// 经济发展局: building, property, public works and whatever no other bureau takes.
    Economy,
    /// 工业和信息化局: manufacturing and energy.
    Industry,
    /// 商务局: trade, logistics, hotels and business services.
    Commerce,
    /// 科技创新局: software and research.
    Science,
}

impl Bureau {
    const ALL: [Bureau; 4] = [Bureau::Economy, Bureau::Industry, Bureau::Commerce, Bureau::Science];

    fn name(self) -> &'static str {
        match self {
            Bureau::Economy => "经济发展局",
            Bureau::Industry => "工业和信息化局",
            Bureau::Commerce => "商务局",
            Bureau::Science => "科技创新局",
        }
    }

    /// The bureau responsible for an `industry` key.
    pub fn of_industry(code: &str) -> Bureau {
        match code.chars().next() {
            Some('C' | 'D' | 'B') => Bureau::Industry,
            Some('F' | 'G' | 'H' | 'L') => Bureau::Commerce,
            Some('I' | 'M') => Bureau::Science,
            _ => Bureau::Economy,
        }
    }
}

const CO_OPERATING_DEPTS: &[&str] = &["自然资源和规划分局", "生态环境分局", "住房和城乡建设局", "供电公司", "水务集团"];

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    Committee,
    Leaders,
    Bureau(Bureau),
    CoOperating,
    /// A sub-park, by its index in [`THEMES`].
    Park(usize),
    /// An area of a sub-park, by the park's theme.
    Area(usize),
}

pub struct DeptPlan {
    pub name: String,
    pub parent: Option<usize>,
    pub kind: Kind,
}

impl DeptPlan {
    pub fn power_type(&self) -> i32 {
        match self.kind {
            Kind::Committee => COMMITTEE,
            Kind::Leaders => READ_ONLY,
            Kind::Bureau(_) => INDUSTRY,
            Kind::CoOperating => CO_OPERATING,
            Kind::Park(_) | Kind::Area(_) => TERRITORY,
        }
    }

    pub fn category(&self) -> i32 {
        if self.kind == Kind::Committee { ORGANISATION } else { DEPARTMENT }
    }
}

/// The roles of a demo zone besides its administrator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleKind {
    Admin,
    Reviewer,
    ParkClerk,
    Bureau,
    Leader,
    /// The handler of a co-operating department (协办单位): works the issues assigned to it.
    CoOperating,
}

/// A role: its name, alias, the menus granted with everything below them and single buttons.
pub struct RolePlan {
    pub kind: RoleKind,
    pub name: &'static str,
    pub alias: &'static str,
    pub menus: &'static [&'static str],
    pub buttons: &'static [&'static str],
}

/// The roles besides the administrator's, whose menus are the platform's default for a new tenant
/// (`tenant.default.menuCode`, as when a tenant is created). Codes are those of `builtin::MENUS`.
#[rustfmt::skip]
pub static ROLES: &[RolePlan] = &[
    RolePlan { kind: RoleKind::Reviewer, name: "管委会审核员", alias: "committee_reviewer",
        menus: &["target_task", "in_library_report", "in_library_statistics", "finish_project", "output_statistics", "annual_output_breakdown"],
        buttons: &[
            "project_warehousing_view", "project_warehousing_export", "project_warehousing_approve", "project_warehousing_return",
            "technical_renovation_view", "technical_renovation_export", "technical_renovation_approve", "technical_renovation_return",
            // `track_project_edit` with a reviewer's button lets the committee confirm, halt, resume and end
            // projects (`project/status`).
            "track_project_view", "track_project_edit", "track_project_export", "track_project_approve", "track_project_return",
            // The dispatch meeting's issue ledger: triage, assign, strike off, reject, close, change the level.
            "track_project_assign",
            "investment_forecasting_view", "investment_forecasting_export", "investment_forecasting_approve", "investment_forecasting_return",
            "output_report_view", "output_report_export", "output_report_approve", "output_report_return", "output_report_remind",
            "park_monthly_output_value_view", "park_monthly_output_value_export",
            "exploration_decomposition_view", "exploration_decomposition_export", "exploration_decomposition_approve", "exploration_decomposition_return",
            "enterprise_view", "enterprise_export",
        ] },
    RolePlan { kind: RoleKind::ParkClerk, name: "园区填报员", alias: "park_clerk",
        menus: &["park_monthly_output_value"],
        buttons: &[
            "project_warehousing_add", "project_warehousing_edit", "project_warehousing_delete", "project_warehousing_view",
            "project_warehousing_import", "project_warehousing_export", "project_warehousing_submit",
            "technical_renovation_add", "technical_renovation_edit", "technical_renovation_delete", "technical_renovation_view",
            "technical_renovation_import", "technical_renovation_export", "technical_renovation_submit",
            "track_project_add", "track_project_edit", "track_project_delete", "track_project_view", "track_project_import",
            "track_project_export", "track_project_submit", "track_project_issue", "track_project_handle",
            "investment_forecasting_add", "investment_forecasting_edit", "investment_forecasting_delete", "investment_forecasting_view",
            "investment_forecasting_import", "investment_forecasting_export", "investment_forecasting_submit",
            "in_library_report_view", "in_library_statistics_view", "target_task_view", "target_task_confirm",
            "finish_project_view", "finish_project_edit", "finish_project_export",
            "output_report_add", "output_report_edit", "output_report_delete", "output_report_view", "output_report_import",
            "output_report_export", "output_report_submit", "output_statistics_view",
            "annual_output_breakdown_view", "annual_output_breakdown_confirm",
            "exploration_decomposition_add", "exploration_decomposition_edit", "exploration_decomposition_delete",
            "exploration_decomposition_view", "exploration_decomposition_import", "exploration_decomposition_export",
            "exploration_decomposition_submit",
            "enterprise_add", "enterprise_edit", "enterprise_view", "enterprise_import", "enterprise_export",
        ] },
    RolePlan { kind: RoleKind::Bureau, name: "行业主管部门", alias: "industry_bureau",
        menus: &["technical_renovation"],
        buttons: &[
            "project_warehousing_view", "project_warehousing_export",
            "track_project_view", "track_project_export", "track_project_approve", "track_project_return", "track_project_handle",
            "in_library_report_view", "in_library_statistics_view", "in_library_statistics_export",
            "finish_project_view", "finish_project_export",
            "output_report_view", "output_report_export", "output_report_approve", "output_report_return",
            "output_statistics_view", "output_statistics_export", "enterprise_view", "enterprise_export",
        ] },
    RolePlan { kind: RoleKind::Leader, name: "领导查询", alias: "leader",
        menus: &[],
        buttons: &[
            "project_warehousing_view", "technical_renovation_view", "track_project_view", "target_task_view",
            "investment_forecasting_view", "in_library_report_view", "in_library_statistics_view", "finish_project_view",
            "output_report_view", "output_statistics_view", "annual_output_breakdown_view", "park_monthly_output_value_view",
            "exploration_decomposition_view", "enterprise_view",
        ] },
    // A co-operating department sees the tracked projects and works the issues assigned to it.
    RolePlan { kind: RoleKind::CoOperating, name: "协办单位", alias: "co_operating",
        menus: &[],
        buttons: &["track_project_view", "track_project_handle"] },
];

pub struct AccountPlan {
    pub account: String,
    pub real_name: String,
    pub dept: usize,
    pub role: RoleKind,
}

/// A zone before it is written: everything but ids.
pub struct ZonePlan {
    /// 0 for the demo zone, 1… for the further zones of a scaled run.
    pub index: u32,
    pub tenant_id: String,
    /// 星湖经济技术开发区
    pub name: String,
    /// 星湖经开区
    pub short_name: String,
    /// 星湖
    pub place: String,
    pub area_code: String,
    /// The six-digit administrative division of the zone, as in its firms' credit codes.
    pub division: String,
    /// Longitude and latitude of the zone's centre.
    pub center: (f64, f64),
    pub depts: Vec<DeptPlan>,
    pub accounts: Vec<AccountPlan>,
    /// The zone's leaders (包保领导 of projects and firms).
    pub leaders: Vec<String>,
    /// How many investment projects it has: `projects::COUNT` unless a benchmark scales it.
    pub projects: usize,
    /// How many firms its register holds: `enterprises::COUNT` unless a benchmark scales it.
    pub enterprises: usize,
}

impl ZonePlan {
    /// Zone `index` of a run: `888888` first.
    pub fn new(index: u32) -> anyhow::Result<ZonePlan> {
        let code = DEMO_TENANT.parse::<u32>()? + index;
        anyhow::ensure!(code <= 999_999, "too many demo zones: tenant codes have six digits");
        let mut rng = Rng::stream(index, "zone");
        let i = index as usize;
        let place = format!("{}{}", DIRECTIONS[(i / PLACES.len()) % DIRECTIONS.len()], PLACES[i % PLACES.len()]);
        let mut depts = vec![DeptPlan { name: format!("{place}经开区管委会"), parent: None, kind: Kind::Committee }];
        depts.push(DeptPlan { name: "管委会领导".into(), parent: Some(0), kind: Kind::Leaders });
        for b in Bureau::ALL {
            depts.push(DeptPlan { name: b.name().into(), parent: Some(0), kind: Kind::Bureau(b) });
        }
        for name in CO_OPERATING_DEPTS {
            // The utilities are companies of the place; the branches of city bureaus carry the zone's name.
            let name = if name.ends_with("公司") || name.ends_with("集团") {
                format!("{place}{name}")
            } else {
                format!("{place}经开区{name}")
            };
            depts.push(DeptPlan { name, parent: Some(0), kind: Kind::CoOperating });
        }
        for (t, theme) in THEMES.iter().enumerate() {
            let park = depts.len();
            depts.push(DeptPlan { name: theme.name.into(), parent: Some(0), kind: Kind::Park(t) });
            for area in theme.areas {
                depts.push(DeptPlan { name: (*area).into(), parent: Some(park), kind: Kind::Area(t) });
            }
        }
        let mut people = std::collections::BTreeSet::new();
        let mut name = |rng: &mut Rng| loop {
            let n = names::person(rng);
            if people.insert(n.clone()) {
                return n;
            }
        };
        let committee = 0;
        let mut accounts = vec![
            AccountPlan { account: "admin".into(), real_name: "系统管理员".into(), dept: committee, role: RoleKind::Admin },
            AccountPlan { account: "reviewer".into(), real_name: name(&mut rng), dept: committee, role: RoleKind::Reviewer },
        ];
        let parks: Vec<usize> = (0..depts.len()).filter(|&d| matches!(depts[d].kind, Kind::Park(_))).collect();
        for (n, &park) in parks.iter().enumerate() {
            accounts.push(AccountPlan {
                account: format!("park{:02}", n + 1),
                real_name: name(&mut rng),
                dept: park,
                role: RoleKind::ParkClerk,
            });
        }
        let industry_bureau = depts.iter().position(|d| d.kind == Kind::Bureau(Bureau::Industry)).unwrap_or(0);
        accounts.push(AccountPlan { account: "bureau".into(), real_name: name(&mut rng), dept: industry_bureau, role: RoleKind::Bureau });
        let leaders_office = depts.iter().position(|d| d.kind == Kind::Leaders).unwrap_or(0);
        accounts.push(AccountPlan { account: "leader".into(), real_name: name(&mut rng), dept: leaders_office, role: RoleKind::Leader });
        let leaders = (0..5).map(|_| name(&mut rng)).collect();
        let center = if index == 0 { (117.27, 31.79) } else { (rng.fraction(105.0, 121.0), rng.fraction(23.0, 40.0)) };
        // One handler per co-operating department, drawn last so that the names above stay as they were.
        let co_operating: Vec<usize> = (0..depts.len()).filter(|&d| depts[d].kind == Kind::CoOperating).collect();
        for (n, &dept) in co_operating.iter().enumerate() {
            accounts.push(AccountPlan {
                account: format!("coop{:02}", n + 1),
                real_name: name(&mut rng),
                dept,
                role: RoleKind::CoOperating,
            });
        }
        // The other bureaus' users, who work the issues assigned to their bureau.
        for (n, b) in Bureau::ALL.into_iter().filter(|&b| b != Bureau::Industry).enumerate() {
            let dept = depts.iter().position(|d| d.kind == Kind::Bureau(b)).unwrap_or(0);
            accounts.push(AccountPlan { account: format!("bureau{:02}", n + 2), real_name: name(&mut rng), dept, role: RoleKind::Bureau });
        }
        Ok(ZonePlan {
            index,
            tenant_id: code.to_string(),
            name: format!("{place}经济技术开发区"),
            short_name: format!("{place}经开区"),
            area_code: format!("05{:02}", 50 + i % 50),
            division: format!("34{:02}{:02}", 1 + i % 18, 71 + i % 29),
            place,
            center,
            depts,
            accounts,
            leaders,
            projects: crate::projects::COUNT,
            enterprises: crate::enterprises::COUNT,
        })
    }
}

pub struct Account {
    pub id: i64,
    pub account: String,
    pub real_name: String,
    pub dept: usize,
    pub role: RoleKind,
}

/// A zone as written: the plan with the ids of its departments and accounts.
pub struct Zone {
    pub plan: ZonePlan,
    pub dept_ids: Vec<i64>,
    pub accounts: Vec<Account>,
}

impl Zone {
    pub fn tenant(&self) -> &str {
        &self.plan.tenant_id
    }

    pub fn dept_id(&self, dept: usize) -> i64 {
        self.dept_ids[dept]
    }

    pub fn dept(&self, dept: usize) -> &DeptPlan {
        &self.plan.depts[dept]
    }

    /// The sub-parks (by department index), in theme order.
    pub fn parks(&self) -> Vec<usize> {
        (0..self.plan.depts.len()).filter(|&d| matches!(self.plan.depts[d].kind, Kind::Park(_))).collect()
    }

    /// The park and its areas: the territories a firm or project of that park can lie in.
    pub fn territories(&self, park: usize) -> Vec<usize> {
        let mut t = vec![park];
        t.extend((0..self.plan.depts.len()).filter(|&d| self.plan.depts[d].parent == Some(park)));
        t
    }

    /// The theme of a territory (park or area), if it is one.
    pub fn theme(&self, dept: usize) -> Option<&'static Theme> {
        match self.plan.depts[dept].kind {
            Kind::Park(t) | Kind::Area(t) => Some(&THEMES[t]),
            _ => None,
        }
    }

    pub fn bureau(&self, b: Bureau) -> usize {
        self.plan.depts.iter().position(|d| d.kind == Kind::Bureau(b)).unwrap_or(0)
    }

    /// Who works the issues assigned to a department: its co-operating handler, bureau user or park clerk.
    pub fn handler(&self, dept: usize) -> Option<&Account> {
        self.accounts.iter().find(|a| a.dept == dept && matches!(a.role, RoleKind::CoOperating | RoleKind::Bureau | RoleKind::ParkClerk))
    }

    /// The department index of a department id.
    pub fn dept_index(&self, id: i64) -> Option<usize> {
        self.dept_ids.iter().position(|&d| d == id)
    }

    pub fn account(&self, role: RoleKind) -> &Account {
        self.accounts.iter().find(|a| a.role == role).unwrap_or(&self.accounts[0])
    }

    /// Who fills a firm's or a project's forms: the clerk of the park the territory lies in; the industry
    /// bureau's user for what lies directly under the committee.
    pub fn filler(&self, territory: usize) -> &Account {
        let park = match self.plan.depts[territory].kind {
            Kind::Area(_) => self.plan.depts[territory].parent.unwrap_or(territory),
            _ => territory,
        };
        self.accounts.iter().find(|a| a.role == RoleKind::ParkClerk && a.dept == park).unwrap_or_else(|| self.account(RoleKind::Bureau))
    }

    /// A point of a territory: the park's centre with some spread.
    pub fn point_in(&self, territory: usize, rng: &mut Rng) -> (f64, f64) {
        let (dx, dy) = self.theme(territory).map_or((0.0, 0.0), |t| t.offset);
        (self.plan.center.0 + dx + rng.fraction(-0.015, 0.015), self.plan.center.1 + dy + rng.fraction(-0.012, 0.012))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_zone_has_every_power_type_and_an_account_per_park() {
        let plan = ZonePlan::new(0).unwrap();
        assert_eq!(plan.tenant_id, DEMO_TENANT);
        for power in [COMMITTEE, TERRITORY, INDUSTRY, CO_OPERATING, READ_ONLY] {
            assert!(plan.depts.iter().any(|d| d.power_type() == power), "{power}");
        }
        let parks = plan.depts.iter().filter(|d| matches!(d.kind, Kind::Park(_))).count();
        assert!((4..=6).contains(&parks));
        assert!(plan.depts.iter().any(|d| matches!(d.kind, Kind::Area(_))), "some parks have areas");
        assert_eq!(plan.accounts.iter().filter(|a| a.role == RoleKind::ParkClerk).count(), parks);
        let mut names: Vec<_> = plan.depts.iter().map(|d| d.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), plan.depts.len(), "department names are unique, as imports look them up by name");
    }

    #[test]
    fn further_zones_get_their_own_codes_and_names() {
        let (a, b) = (ZonePlan::new(1).unwrap(), ZonePlan::new(21).unwrap());
        assert_eq!((a.tenant_id.as_str(), b.tenant_id.as_str()), ("888889", "888909"));
        assert_ne!(a.name, b.name);
        assert_eq!(a.division.len(), 6);
        assert!(ZonePlan::new(200_000).is_err());
    }

    #[test]
    fn every_granted_code_is_a_seeded_menu_or_button() {
        fn walk(menus: &'static [keeper_system::builtin::MenuSeed], out: &mut Vec<&'static str>) {
            for m in menus {
                out.push(m.code);
                out.extend(m.buttons.iter().map(|b| b.code));
                walk(m.children, out);
            }
        }
        let mut codes = Vec::new();
        walk(keeper_system::builtin::MENUS, &mut codes);
        for role in ROLES {
            for code in role.menus.iter().chain(role.buttons) {
                assert!(codes.contains(code), "{code} of {}", role.name);
            }
        }
    }
}
