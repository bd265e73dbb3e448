//! How a park's clerk words a month: 形象进度 and 下月计划 for each key node (`project_stage`), as zones'
//! dispatch sheets read ("主厂房钢结构吊装完成约60%", "完成设备安装及联动调试，做好竣工验收准备"), and what a
//! reviewer writes back.
use crate::rng::Rng;

/// What a month's words are made of.
pub struct Month<'a> {
    /// `project_type` key.
    pub kind: &'a str,
    /// `project_stage` key (8–15), or none for a halted or given-up project.
    pub stage: u8,
    /// How far along the node is (percent, 5–95).
    pub percent: i64,
    /// The month the project halted (停缓建) or ended (终止) in, if it did.
    pub stopped: Option<Stop>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Halted,
    Terminated,
}

/// The main building of a project of this type.
fn building(kind: &str) -> &'static str {
    match kind {
        "01" => "主厂房",
        "02" => "生产车间",
        "03" => "综合楼",
        "04" => "研发楼",
        "06" => "教学及配套用房",
        "08" => "住宅楼",
        _ => "主体工程",
    }
}

const PROGRESS: &[(u8, &[&str])] = &[
    (
        8,
        &[
            "项目已开工建设，完成场地平整及临时设施搭建，桩基施工完成约{p}%。",
            "基础工程施工中，{b}桩基及承台完成约{p}%，同步开展地下管网预埋。",
            "完成施工图审查及桩基检测，{b}基础浇筑完成约{p}%。",
        ],
    ),
    (
        9,
        &[
            "{b}结构施工中，完成约{p}%，配套用房同步施工。",
            "主体工程有序推进，{b}施工完成约{p}%，现场投入塔吊{c}台。",
            "{b}施工至第{f}层，砌体及模板工程同步推进。",
        ],
    ),
    (10, &["{b}主体结构已封顶，屋面防水及外墙施工完成约{p}%。", "主体封顶，二次结构砌筑完成约{p}%，开始水电预埋。"]),
    (
        11,
        &[
            "室内装修及水电安装施工中，主要设备已进场约{p}%，开始安装调试。",
            "完成配电房及给排水管网施工，设备安装完成约{p}%。",
            "厂区道路、绿化等配套工程施工中，设备单机调试完成约{p}%。",
        ],
    ),
    (12, &["项目主体工程已完工，正在办理消防、规划等专项验收。", "完成竣工验收备案，设备联动调试中。"]),
    (13, &["项目进入试生产阶段，生产线运行稳定，产品良率逐步提升。", "试生产中，首批产品已下线，正在进行客户送样认证。"]),
    (14, &["项目已正式投产，本月产能利用率约{p}%。", "生产线稳定运行，同步推进剩余设备购置及工程尾款结算。"]),
    (15, &["项目已全面达产，产能利用率达到设计水平。", "项目达产达效，各生产线满负荷运行。"]),
];

/// A renovation works in the plant the firm has: its works are the old line's removal and the new one's
/// installation.
const RENOVATION: &[(u8, &[&str])] = &[
    (8, &["完成旧设备拆除及车间基础改造约{p}%，新设备采购合同已签订。", "车间改造施工中，设备基础及管线改造完成约{p}%。"]),
    (11, &["新购智能化生产设备陆续到货，安装调试完成约{p}%。", "生产线改造设备安装完成约{p}%，同步开展信息化系统部署。"]),
];

/// Roads, networks, plants of water and power, ecological works: no floors, no tower cranes.
const WORKS: &[(u8, &[&str])] = &[
    (8, &["完成施工放样及临时设施搭建，基础及管线工程完成约{p}%。", "征迁场地已交付，路基及基础工程施工完成约{p}%。"]),
    (9, &["主体工程施工中，完成总工程量约{p}%。", "管网铺设及构筑物施工有序推进，完成约{p}%。"]),
    (10, &["主体工程基本完成，附属设施施工完成约{p}%。"]),
    (11, &["设备安装及配套工程施工中，完成约{p}%。", "绿化、照明等附属工程施工中，完成约{p}%。"]),
];

/// What is not a factory produces nothing: it opens and runs.
const SERVICE: &[(u8, &[&str])] = &[
    (13, &["项目已投入试运营，各项配套设施运行正常。", "项目已交付使用，配套设施陆续完善。"]),
    (14, &["项目正式投入运营，运营情况良好。", "项目已全面投入使用，同步推进工程尾款结算。"]),
    (15, &["项目全面运营，达到设计运营能力。"]),
];

const PLANS: &[(u8, &[&str])] = &[
    (8, &["继续推进基础工程施工，启动主体结构施工。", "完成基础工程验收，开展主体施工准备。"]),
    (9, &["加快主体施工，确保按节点推进。", "继续推进主体施工，同步开展屋面及外墙施工准备。"]),
    (10, &["推进外立面装饰及室内粉刷，启动水电安装。", "完成屋面工程，组织主要设备进场。"]),
    (11, &["完成设备安装及联动调试，做好竣工验收准备。", "推进消防、环保设施施工，组织专项验收。"]),
    (12, &["办理竣工验收备案，启动试生产准备。", "完成剩余设备调试及人员培训，力争尽快投产。"]),
    (13, &["优化工艺参数，逐步提高产能利用率。", "加快市场开拓，推动产品批量供货。"]),
    (14, &["持续提升产能，推进达产达效。", "做好入规纳统准备，进一步扩大生产规模。"]),
    (15, &["巩固达产成效，申报规模以上工业企业。"]),
];

const SERVICE_PLANS: &[(u8, &[&str])] = &[
    (12, &["办理竣工验收备案，做好投入使用准备。"]),
    (13, &["完善配套设施，做好正式运营准备。"]),
    (14, &["加强运营管理，推进竣工决算。"]),
    (15, &["巩固运营成效，做好项目后评价。"]),
];

/// What a month with an issue adds to its progress (`hasIssue` = Y).
pub const ISSUES: &[&str] = &[
    "施工用电增容手续尚在办理，影响设备调试进度",
    "部分地块征迁尚未完成，影响场地交付",
    "项目贷款审批进度较慢，资金到位不及预期",
    "连续降雨影响室外工程施工",
    "专业技术工人短缺，施工进度滞后",
    "天然气管道接入方案尚未确定",
];

/// Why a reviewer sends a month back.
pub const RETURN_OPINIONS: &[&str] = &[
    "本月完成投资与形象进度不匹配，请核实后重新填报",
    "投资构成填报有误，请按统计口径重新核对",
    "形象进度描述过于简单，请补充具体施工内容",
    "本月到位资金与财务凭证不符，请核实",
    "请补充现场施工照片后重新提交",
    "在岗施工人数与现场核查情况不符，请核实",
];

/// What a reviewer writes when approving (often nothing).
pub const APPROVE_OPINIONS: &[&str] = &["同意", "审核通过", "数据属实，同意", "", ""];

/// Whether the project makes things (an industrial plant, a renovation, a research platform).
fn factory(kind: &str) -> bool {
    matches!(kind, "01" | "02" | "04")
}

fn fill(template: &str, m: &Month, rng: &mut Rng) -> String {
    template
        .replace("{b}", building(m.kind))
        .replace("{p}", &m.percent.to_string())
        .replace("{c}", &rng.int(1, 4).to_string())
        // The floor the works have reached follows the node's progress.
        .replace("{f}", &(m.percent / 8).max(2).to_string())
}

fn table(m: &Month, t: &'static [(u8, &'static [&'static str])]) -> Option<&'static [&'static str]> {
    t.iter().find(|(s, _)| *s == m.stage).map(|(_, l)| *l)
}

/// The month's 形象进度 and 下月计划.
pub fn words(m: &Month, issue: Option<&str>, rng: &mut Rng) -> (String, String) {
    let (progress, plan) = match m.stopped {
        Some(Stop::Halted) => (
            "项目暂停施工，现场安排人员值守，已完工程做好防护。".to_string(),
            rng.pick(&["积极协调解决制约因素，争取早日复工。", "配合属地园区做好项目盘活及复工准备。"]).to_string(),
        ),
        Some(Stop::Terminated) => ("项目单位已决定终止项目建设，正在办理退出及清算手续。".to_string(), String::new()),
        None => {
            let special = match m.kind {
                "02" => table(m, RENOVATION),
                "05" | "07" => table(m, WORKS).or_else(|| table(m, SERVICE)),
                "01" | "04" => None,
                _ => table(m, SERVICE),
            };
            let lines = special.or_else(|| table(m, PROGRESS)).unwrap_or(&[""]);
            let plans = (if factory(m.kind) { None } else { table(m, SERVICE_PLANS) }).or_else(|| table(m, PLANS)).unwrap_or(&[""]);
            let progress = fill(rng.pick(lines), m, rng);
            let plan = fill(rng.pick(plans), m, rng);
            (progress, plan)
        }
    };
    match issue {
        Some(i) => (format!("{progress}存在问题：{i}。"), plan),
        None => (progress, plan),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_node_and_type_has_words_without_placeholders() {
        let mut rng = Rng::stream(0, "report-wording");
        for kind in crate::projects::TYPES {
            for stage in 8..=15 {
                for stopped in [None, Some(Stop::Halted), Some(Stop::Terminated)] {
                    let m = Month { kind, stage, percent: 40, stopped };
                    let (progress, plan) = words(&m, rng.chance(0.5).then_some(ISSUES[0]), &mut rng);
                    assert!(!progress.is_empty() && !progress.contains('{') && !plan.contains('{'), "{kind} {stage}: {progress} / {plan}");
                    assert_eq!(plan.is_empty(), stopped == Some(Stop::Terminated), "{kind} {stage}");
                }
            }
        }
    }
}
