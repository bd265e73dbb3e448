//! How a zone's project lists read: the name and the 建设规模及内容 of a project of each type, as zones
//! publish them ("星湖经开区新能源汽车电机产业园项目", "华曜汽车座椅生产线智能化改造项目").
use crate::names::{self, Industry};
use crate::rng::Rng;

/// What a project's words are made of.
pub struct Subject<'a> {
    /// `project_type` key.
    pub kind: &'a str,
    /// 星湖经开区
    pub zone: &'a str,
    /// The sub-park it lies in, if any.
    pub park: Option<&'a str>,
    pub road: &'a str,
    /// The trade name of the project's unit or investor.
    pub brand: &'a str,
    pub industry: &'static Industry,
    /// 扩建 rather than 新建 (`construction_nature` 2).
    pub expansion: bool,
    pub land_mu: Option<f64>,
    pub building_m2: Option<f64>,
}

/// A project's name and content, and the industry (`industry` key) when the type fixes it rather than
/// the project's unit (a school is 教育 whoever builds it).
pub struct Words {
    pub name: String,
    pub content: String,
    pub industry: Option<&'static str>,
    /// The yearly capacity a plant or a renovation adds ("年产20万套电机"), which its completion records.
    pub capacity: Option<String>,
}

const RIVERS: &[&str] = &["清溪河", "柳叶河", "白沙河", "青龙河", "双桥河"];
const ESTATES: &[&str] = &["云锦府", "翡翠湾", "湖畔花园", "星悦城", "观澜府", "金域华庭", "和园", "悦澜湾"];
const UPGRADES: &[&str] = &["智能化", "数字化", "绿色化"];

/// A yearly capacity in `unit` of the size a park's project announces.
fn capacity(unit: &str, rng: &mut Rng) -> i64 {
    let (lo, hi) = match unit {
        "万辆" | "GWh" | "万吨" | "亿片" => (2, 30),
        "万套" | "万台" | "万片" | "万面" => (5, 200),
        "万只" | "万支" | "万人份" => (500, 5000),
        "万平方米" | "万件" | "万立方米" => (50, 800),
        "台" | "套" | "台套" | "架" => (200, 3000),
        "吨" => (100, 5000),
        "兆瓦" => (10, 200),
        _ => (100, 2000),
    };
    round_nicely(rng.int(lo, hi))
}

/// A figure as announcements round it: 2574 → 2500, 54 → 55.
fn round_nicely(x: i64) -> i64 {
    let step = match x {
        ..=20 => 1,
        21..=100 => 5,
        101..=1000 => 50,
        _ => 500,
    };
    ((x + step / 2) / step * step).max(1)
}

fn area(x: Option<f64>) -> String {
    format!("{:.0}", x.unwrap_or(0.0))
}

pub fn words(s: &Subject, rng: &mut Rng) -> Words {
    let (product, unit) = rng.pick(s.industry.products);
    let cap = capacity(unit, rng);
    let (land, building) = (area(s.land_mu), area(s.building_m2));
    let (z, b) = (s.zone, s.brand);
    let park = s.park.unwrap_or(s.zone);
    // A road's name without 大道/路 names a school, a substation or a clinic after its place.
    let place = s.road.trim_end_matches("大道").trim_end_matches("西路").trim_end_matches('路');
    let w = |name: String, content: String| Words { name, content, industry: None, capacity: None };
    let fixed = |name: String, content: String, industry: &'static str| Words { name, content, industry: Some(industry), capacity: None };
    let adds = format!("年产{cap}{unit}{product}");
    match s.kind {
        "01" => {
            let content = format!(
                "项目总用地约{land}亩，新建生产厂房、研发楼及配套用房约{building}平方米，购置{product}自动化生产线{}条及配套检测设备，建成后形成年产{cap}{unit}{product}的生产能力。",
                rng.int(2, 12)
            );
            let name = match (s.expansion, rng.index(4)) {
                (true, _) => format!("{b}{product}扩产项目"),
                (false, 0) => format!("{b}年产{cap}{unit}{product}项目"),
                (false, 1) => format!("{b}{product}生产基地项目"),
                (false, 2) => format!("{z}{product}产业园项目"),
                _ => format!("{b}{product}智能制造基地项目"),
            };
            Words { capacity: Some(adds), ..w(name, content) }
        }
        "02" => {
            let kind = rng.pick(UPGRADES);
            let content = format!(
                "利用现有厂房约{building}平方米，新购{kind}生产及检测设备{}台(套)，对{product}生产线实施{kind}改造，项目建成后新增年产{cap}{unit}{product}的生产能力，单位产品综合能耗下降{}%。",
                rng.int(20, 300),
                rng.int(5, 25)
            );
            let name = match rng.index(5) {
                0 => format!("{b}{product}生产线{kind}改造项目"),
                1 => format!("{b}数字化车间建设项目"),
                2 => format!("{b}年产{cap}{unit}{product}技术改造项目"),
                3 => format!("{b}节能降碳技术改造项目"),
                _ => format!("{b}{product}设备更新项目"),
            };
            Words { capacity: Some(adds), ..w(name, content) }
        }
        "03" => match rng.index(5) {
            0 => fixed(
                format!("{b}智慧物流园项目"),
                format!("总用地约{land}亩，建设智能仓储分拨中心、冷库及配套办公用房约{building}平方米，配置自动化分拣设备。"),
                "G",
            ),
            1 => fixed(
                format!("{b}冷链物流中心项目"),
                format!("新建冷链仓储及分拨中心约{building}平方米，配套建设冷藏车停车场及信息化管理平台。"),
                "G",
            ),
            2 => fixed(
                format!("{b}区域总部及结算中心项目"),
                format!("建设区域总部办公楼约{building}平方米，设立销售结算、研发设计及供应链管理中心。"),
                "L",
            ),
            3 => fixed(format!("{b}跨境电商产业园项目"), format!("建设跨境电商运营中心、保税仓储及孵化空间约{building}平方米。"), "F"),
            _ => fixed(format!("{park}商业综合体项目"), format!("总建筑面积约{building}平方米，建设商业、酒店及配套停车设施。"), "H"),
        },
        "04" => {
            let chain = names::chain_label(s.industry.chain);
            let content = format!(
                "建设研发办公、中试车间及检验检测平台约{building}平方米，购置研发及检测设备{}台(套)，引进研发人员{}人。",
                rng.int(50, 400),
                rng.int(30, 300)
            );
            let name = match rng.index(4) {
                0 => format!("{z}{chain}科技创新中心项目"),
                1 => format!("{b}研发中心项目"),
                2 => format!("{z}{chain}中试基地项目"),
                _ => format!("{park}科技企业孵化器项目"),
            };
            fixed(name, content, "M")
        }
        "05" => {
            let road = s.road;
            match rng.index(4) {
                0 => fixed(
                    format!("{road}道路及配套管网工程"),
                    format!(
                        "道路全长约{:.1}公里，红线宽度{}米，同步建设雨污水、给水、电力、通信管网及绿化照明工程。",
                        rng.fraction(1.2, 6.0),
                        rng.pick(&[24, 32, 40, 50])
                    ),
                    "N",
                ),
                1 => fixed(
                    format!("{park}标准化厂房项目"),
                    format!("新建标准化厂房{}栋，总建筑面积约{building}平方米，配套建设道路、管网及绿化工程。", rng.int(6, 30)),
                    "E",
                ),
                2 => fixed(
                    format!("{z}{place}110千伏输变电工程"),
                    format!("新建110千伏变电站一座，主变容量2×{}兆伏安，配套建设进出线工程。", rng.pick(&[50, 63, 80])),
                    "D44",
                ),
                _ => fixed(
                    format!("{park}雨污分流及给排水管网改造工程"),
                    format!("改造雨污水管网约{:.1}公里，新建提升泵站{}座。", rng.fraction(5.0, 30.0), rng.int(1, 4)),
                    "N",
                ),
            }
        }
        "06" => match rng.index(4) {
            0 => fixed(
                format!("{z}人才公寓项目"),
                format!("总建筑面积约{building}平方米，建设人才公寓{}套及配套商业、停车设施。", rng.int(300, 2000)),
                "K",
            ),
            1 => fixed(
                format!("{z}{place}小学新建工程"),
                format!("新建{}班小学一所，总建筑面积约{building}平方米，配套建设运动场及附属设施。", rng.pick(&[36, 48, 54])),
                "P",
            ),
            2 => fixed(
                format!("{z}{place}社区卫生服务中心项目"),
                format!("新建社区卫生服务中心，总建筑面积约{building}平方米，设置床位{}张。", rng.int(30, 120)),
                "Q",
            ),
            _ => fixed(
                format!("{park}邻里中心项目"),
                format!("建设集便民商业、文体活动、社区服务于一体的邻里中心，总建筑面积约{building}平方米。"),
                "O",
            ),
        },
        "07" => match rng.index(4) {
            0 => fixed(
                format!("{park}污水处理厂提标改造工程"),
                format!("对处理规模{}万吨/日的污水处理厂实施提标改造，出水水质提升至地表水准IV类标准。", rng.int(5, 20)),
                "N",
            ),
            1 => fixed(
                format!("{z}{}生态修复工程", rng.pick(RIVERS)),
                format!("实施河道清淤约{:.1}公里、生态护岸及滨水绿道建设。", rng.fraction(2.0, 12.0)),
                "N",
            ),
            2 => fixed(
                format!("{z}固废综合处置中心项目"),
                format!("建设一般工业固废及危险废物综合处置设施，年处置能力{}万吨。", rng.int(2, 15)),
                "N",
            ),
            _ => fixed(
                format!("{park}循环化改造项目"),
                "建设园区集中供热、中水回用及固废资源化利用设施，实施园区循环化改造。".to_string(),
                "N",
            ),
        },
        "08" => fixed(
            format!("{b}·{}项目", rng.pick(ESTATES)),
            format!("总用地约{land}亩，总建筑面积约{building}平方米，建设住宅{}栋及配套商业、幼儿园。", rng.int(8, 30)),
            "K",
        ),
        _ => match rng.index(3) {
            0 => fixed(
                format!("{park}智慧园区平台建设项目"),
                "建设园区运行监测、企业服务及应急指挥一体化平台，配套数据中心机房改造。".to_string(),
                "I",
            ),
            1 => fixed(
                format!("{b}屋顶分布式光伏项目"),
                format!("利用厂房屋顶建设分布式光伏电站，装机容量约{}兆瓦。", rng.int(2, 30)),
                "D44",
            ),
            _ => w(format!("{b}{product}设备购置项目"), format!("购置{product}生产设备{}台(套)，提升现有产能。", rng.int(10, 120))),
        },
    }
}

/// `name` as its `n`-th later phase: "…项目" → "…(二期)项目", "…(三期)项目"…; past the ninth, numbered.
pub fn phased(name: &str, n: usize) -> String {
    let phase = match names::PHASES.get(n + 1) {
        Some(p) => format!("{p}期"),
        None => format!("{}号", n + 1),
    };
    match name.strip_suffix("项目").or_else(|| name.strip_suffix("工程")) {
        Some(stem) => format!("{stem}({phase}){}", &name[stem.len()..]),
        None => format!("{name}({phase})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_a_name_and_content_within_the_form_limits() {
        let mut rng = Rng::stream(0, "wording");
        for kind in ["01", "02", "03", "04", "05", "06", "07", "08", "99"] {
            for industry in names::INDUSTRIES {
                let s = Subject {
                    kind,
                    zone: "星湖经开区",
                    park: Some("新能源汽车产业园"),
                    road: "锦绣大道",
                    brand: "华曜",
                    industry,
                    expansion: rng.chance(0.3),
                    land_mu: Some(120.0),
                    building_m2: Some(80_000.0),
                };
                let w = words(&s, &mut rng);
                assert!(!w.name.is_empty() && w.name.chars().count() <= 200, "{}", w.name);
                assert!(!w.content.is_empty() && w.content.chars().count() <= 4000);
            }
        }
    }
}
