//! The words of the zone's issues, per `issue_type` (1 用地/征拆 … 9 其他): what the park writes when it
//! raises one and what it suggests, what the committee says when it assigns, rejects or closes, and what
//! the responsible department notes while handling it and reports when it is done. Each type also says
//! which department usually takes it on (`Handler`).
use crate::zone::Bureau;

/// Who the committee usually makes responsible for an issue of a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handler {
    /// The co-operating department whose name ends so (自然资源和规划分局, 供电公司…).
    CoOperating(&'static str),
    Bureau(Bureau),
    /// The park the project lies in.
    Park,
}

pub struct IssueType {
    /// `issue_type` key.
    pub key: &'static str,
    /// Who takes it on, with weights.
    pub handlers: &'static [(u32, Handler)],
    pub descriptions: &'static [&'static str],
    pub suggestions: &'static [&'static str],
    /// Notes of the responsible department while it works.
    pub progress: &'static [&'static str],
    pub resolutions: &'static [&'static str],
    /// How often a park raises one, relative to the others.
    pub weight: u32,
}

use Handler::{Bureau as B, CoOperating as Co, Park};

const LAND: &str = "自然资源和规划分局";
const ECOLOGY: &str = "生态环境分局";
const HOUSING: &str = "住房和城乡建设局";
const POWER: &str = "供电公司";
const WATER: &str = "水务集团";

#[rustfmt::skip]
pub static TYPES: &[IssueType] = &[
    IssueType { key: "1", weight: 16,
        handlers: &[(6, Co(LAND)), (3, Park), (1, B(Bureau::Economy))],
        descriptions: &[
            "项目二期用地指标未落实，约45亩土地尚未列入年度供地计划，影响二期厂房开工",
            "项目红线范围内仍有3户民房及1处厂房未完成征收，施工场地无法完整交付",
            "地块内一条10kV架空线路及通信光缆尚未迁改，影响桩基施工",
            "项目用地土地出让手续未完成，不动产权证无法办理，影响后续施工许可办理",
            "临时用地手续到期未续办，施工便道及材料堆场需要重新选址",
            "项目周边道路征迁未完成，运输车辆无法进出施工现场",
        ],
        suggestions: &[
            "建议自然资源部门加快用地报批，优先保障项目用地指标",
            "建议园区会同街道加快剩余房屋征收谈判，明确交地时间节点",
            "建议召开专题协调会，明确管线迁改责任单位和完成时限",
            "建议并联推进土地出让与规划许可手续",
        ],
        progress: &[
            "已将项目用地纳入本年度第二批次供地计划，正在组卷报批",
            "已与剩余被征收户开展第三轮协商，2户已签订补偿协议",
            "管线迁改方案已经产权单位确认，迁改施工队伍已进场",
            "土地出让方案已报区政府审定，拟于近期挂牌",
            "已现场踏勘临时用地备选地块，正在办理用地审批",
        ],
        resolutions: &[
            "用地指标已落实，土地已完成挂牌出让并签订出让合同",
            "剩余房屋已全部完成征收拆除，场地已整体交付企业",
            "管线迁改已完成并通过验收，施工场地已具备桩基施工条件",
            "不动产权证已核发，后续手续正常推进",
        ] },
    IssueType { key: "2", weight: 16,
        handlers: &[(4, Co(LAND)), (4, Co(HOUSING)), (2, Park)],
        descriptions: &[
            "施工许可证办理中，消防设计审查意见尚未出具，主体工程无法按期开工",
            "建设工程规划许可证因方案调整需重新审批，影响开工时间",
            "施工图审查意见反馈较慢，设计单位多次修改仍未通过",
            "项目立项备案信息与实际建设内容不一致，需要变更备案",
            "人防工程易地建设审批未完成，影响施工许可证核发",
            "二期厂房规划方案调整，容积率指标需要重新论证",
        ],
        suggestions: &[
            "建议住建部门提前介入，实行容缺受理、并联审批",
            "建议组织规划、住建、消防等部门联合会审，一次性告知修改意见",
            "建议开通重点项目审批绿色通道，压缩审批时限",
        ],
        progress: &[
            "已组织相关部门召开联合审查会，形成一次性修改意见并告知企业",
            "施工图已完成第二轮修改，正在复审",
            "已按容缺受理方式先行受理施工许可申请，待补齐材料后核发",
            "规划方案已通过专家论证，正在公示",
            "已指导企业完成备案变更材料准备，近期在线办理",
        ],
        resolutions: &[
            "施工许可证已核发，项目已具备开工条件",
            "建设工程规划许可证已重新核发",
            "施工图已审查合格，审查合格书已出具",
            "项目备案信息已完成变更",
        ] },
    IssueType { key: "3", weight: 12,
        handlers: &[(6, B(Bureau::Economy)), (2, Park), (2, B(Bureau::Industry))],
        descriptions: &[
            "融资到位慢，项目银行贷款授信已批复但放款延迟，后续设备采购资金缺口约8000万元",
            "企业自有资金紧张，工程款支付滞后，施工单位放缓施工进度",
            "项目申报的专项债券资金尚未下达，配套工程无法按期招标",
            "股东方增资款未按协议到位，影响项目建设资金安排",
            "设备融资租赁方案尚未获批，进口设备无法按期订货",
        ],
        suggestions: &[
            "建议组织政银企对接会，协调合作银行加快放款",
            "建议协调产业基金参与项目股权投资，缓解资金压力",
            "建议财政部门加快专项债券资金拨付",
        ],
        progress: &[
            "已组织合作银行召开对接会，银行同意分批放款，首笔资金已到位",
            "已推荐项目进入重点项目融资需求清单，推送至区内各金融机构",
            "已与产业基金管理人对接，基金尽调工作已启动",
            "专项债券资金拨付手续已报财政部门审核",
        ],
        resolutions: &[
            "项目贷款已全部放款到位，资金缺口已解决",
            "产业基金已完成投资决策，首期出资已到账",
            "专项债券资金已拨付到位，配套工程已完成招标",
            "股东增资款已到位，工程款已足额支付",
        ] },
    IssueType { key: "4", weight: 16,
        handlers: &[(5, Co(POWER)), (3, Co(WATER)), (2, Park)],
        descriptions: &[
            "10kV专线接入滞后，项目用电报装已受理但外线工程未开工，影响设备调试",
            "施工用电容量不足，现有临时变压器无法满足大型设备施工需求",
            "厂区给水管网尚未接通，生产用水无法保障",
            "天然气管道接入方案尚未确定，影响锅炉及生产线调试",
            "项目东侧规划道路未建成，大件设备无法运输进场",
            "雨污水管网未接入市政管网，影响项目竣工验收",
        ],
        suggestions: &[
            "建议供电公司开辟绿色通道，加快外线工程施工",
            "建议水务集团尽快实施配套管网接入工程",
            "建议园区统筹配套道路建设时序，优先保障重点项目",
        ],
        progress: &[
            "外线工程设计方案已确定，物资已招标采购，近期开工",
            "已临时增容一台800kVA变压器，保障施工用电",
            "配套给水管网已开始施工，目前完成约60%",
            "燃气接入方案已与燃气公司确认，正在办理道路开挖许可",
            "配套道路路基工程已完成，正在铺设路面",
        ],
        resolutions: &[
            "10kV专线已送电，项目用电需求已满足",
            "给水管网已接通并通水，生产用水已保障",
            "燃气管道已接通，锅炉已点火调试",
            "配套道路已建成通车，大件设备已运输进场",
            "雨污水管网已接入市政管网并通过验收",
        ] },
    IssueType { key: "5", weight: 12,
        handlers: &[(5, Co(HOUSING)), (3, Park), (2, B(Bureau::Economy))],
        descriptions: &[
            "专业技术工人短缺，钢结构安装班组人员不足，施工进度滞后约一个月",
            "总包单位与分包单位存在合同纠纷，部分分包队伍停工",
            "受连续降雨影响，室外工程及土方施工进度滞后",
            "施工单位拖欠农民工工资，存在劳资纠纷隐患",
            "项目周边居民反映夜间施工噪音扰民，施工时间受限",
        ],
        suggestions: &[
            "建议人社部门协助企业开展用工招聘对接",
            "建议住建部门督促总包单位落实合同责任，尽快复工",
            "建议合理调整施工组织，增加作业面和施工班组",
        ],
        progress: &[
            "已组织两场专场招聘会，新增技术工人约50人",
            "已约谈总包及分包单位负责人，双方已达成初步和解意见",
            "施工单位已增加作业班组，实行两班倒施工",
            "已督促施工单位建立农民工工资专户，按月足额发放",
            "已指导施工单位调整高噪音作业时间并增设隔音围挡",
        ],
        resolutions: &[
            "施工人员已补充到位，施工进度已基本追回",
            "合同纠纷已调解完毕，分包队伍已全面复工",
            "拖欠工资已全部结清，劳资纠纷已化解",
            "已与周边居民沟通达成一致，施工秩序正常",
        ] },
    IssueType { key: "6", weight: 10,
        handlers: &[(8, Co(ECOLOGY)), (2, Park)],
        descriptions: &[
            "项目环评报告书尚未获批，主要污染物排放总量指标未落实",
            "能评（节能审查）意见未出具，影响项目核准及后续建设",
            "项目涉及危险废物处置，处置协议尚未签订，环评审批暂缓",
            "施工现场扬尘治理不达标，被责令限期整改",
            "排污许可证尚未办理，影响项目试生产",
        ],
        suggestions: &[
            "建议生态环境部门提前指导，协调落实排放总量指标",
            "建议发改部门加快节能审查，实行并联审批",
            "建议园区协调有资质单位签订危废处置协议",
        ],
        progress: &[
            "环评报告书已完成技术评估，正在按专家意见修改",
            "已在区内调剂落实总量指标，正在办理确认手续",
            "节能报告已通过专家评审，待出具审查意见",
            "施工现场已增加雾炮及喷淋设施，扬尘整改基本完成",
            "已指导企业在线提交排污许可申请材料",
        ],
        resolutions: &[
            "环评批复已取得，总量指标已落实",
            "节能审查意见已出具",
            "危废处置协议已签订，环评审批已完成",
            "扬尘整改已通过复查验收",
            "排污许可证已核发，项目可按期试生产",
        ] },
    IssueType { key: "7", weight: 8,
        handlers: &[(4, B(Bureau::Industry)), (3, B(Bureau::Commerce)), (3, B(Bureau::Science))],
        descriptions: &[
            "招商合同约定的固定资产投资奖励尚未兑现，企业后续投资积极性受影响",
            "项目申报的技改补助资金审核进度较慢，企业多次询问",
            "人才公寓配套政策未落实，企业高管及技术骨干引进受影响",
            "研发设备购置补贴兑现条件存在争议，需要明确认定口径",
        ],
        suggestions: &[
            "建议按招商合同约定分期兑现奖励资金",
            "建议主管部门加快补助资金审核拨付",
            "建议明确政策兑现认定口径并书面答复企业",
        ],
        progress: &[
            "已完成奖励资金第一阶段审核，报管委会审定",
            "补助资金已完成第三方审计，正在公示",
            "已协调人才公寓房源，拟分两批安排入住",
            "已组织相关部门会商，形成政策适用意见",
        ],
        resolutions: &[
            "固定资产投资奖励已按合同约定拨付到位",
            "技改补助资金已拨付企业账户",
            "人才公寓已安排入住，配套政策已落实",
            "政策认定口径已明确并书面答复企业，补贴已兑现",
        ] },
    IssueType { key: "8", weight: 6,
        handlers: &[(6, Park), (4, B(Bureau::Industry))],
        descriptions: &[
            "企业调整产品方案，主要设备选型未确定，设备订货推迟",
            "受市场需求变化影响，企业放缓项目建设节奏，二期投资计划推迟",
            "企业股权结构调整，项目投资主体拟变更",
            "企业核心设备供应商交货延期，生产线安装滞后",
        ],
        suggestions: &[
            "建议园区加强跟踪服务，督促企业明确建设计划",
            "建议主管部门协助企业对接替代设备供应商",
            "建议园区与企业高层会商，明确后续投资安排",
        ],
        progress: &[
            "园区已与企业高层会商，企业承诺按调整后计划推进",
            "已协助企业对接两家国内设备供应商，正在比选",
            "企业已完成产品方案论证，设备选型基本确定",
            "投资主体变更材料已提交，正在办理备案变更",
        ],
        resolutions: &[
            "企业已确定设备选型并签订采购合同",
            "企业已明确后续建设计划，项目恢复正常推进",
            "投资主体变更已完成，项目按原计划建设",
            "核心设备已到货，生产线安装恢复",
        ] },
    IssueType { key: "9", weight: 4,
        handlers: &[(5, B(Bureau::Economy)), (5, Park)],
        descriptions: &[
            "项目周边配套食堂、宿舍等生活设施不足，员工通勤困难",
            "项目所在区域公交线路未开通，员工出行不便",
            "企业反映周边治安状况需要加强，夜间施工材料存在被盗情况",
        ],
        suggestions: &[
            "建议园区统筹规划生活配套设施",
            "建议协调交通部门优化公交线路",
            "建议加强周边治安巡逻",
        ],
        progress: &[
            "已协调周边企业共享职工食堂，缓解就餐问题",
            "已向交通部门提出公交线路优化申请",
            "已协调派出所增加夜间巡逻频次",
        ],
        resolutions: &[
            "园区已开通通勤班车，员工出行问题已解决",
            "新增公交线路已开通",
            "周边治安巡逻已常态化，未再发生材料被盗",
        ] },
];

/// What the committee says when it assigns an issue (empty: the log says 交办 and the department).
pub const ASSIGN_OPINIONS: &[&str] = &[
    "",
    "",
    "请责任单位按时限办结并及时反馈办理进展",
    "经项目调度会研究，请责任单位牵头协调解决",
    "请责任单位会同配合单位研究解决方案，限期办结",
    "该问题影响项目年度投资计划完成，请加快协调",
];

/// Why the committee rejects a reported resolution.
pub const REJECT_REASONS: &[&str] =
    &["经现场核实，问题尚未完全解决，请继续跟进", "办结材料不完整，请补充相关批复文件", "企业反映问题仍然存在，请进一步协调落实"];

/// Why the committee closes an issue as needing nothing.
pub const CLOSE_REASONS: &[&str] =
    &["经核实，企业已自行解决，无需协调", "该问题与项目前期上报问题重复，合并办理", "企业调整建设计划，该问题不再影响项目推进"];

/// Why a department sends a wrong assignment back to triage.
pub const REFUSE_REASONS: &[&str] =
    &["该问题不属于本单位职责范围，建议交由相关主管部门办理", "该事项涉及多个部门，建议由管委会统筹明确牵头单位"];

/// Why the committee changes an issue's level.
pub const RELEVEL_REASONS: &[&str] =
    &["问题推进缓慢，影响项目年度计划，升级为重点问题", "经调度会研究，调整问题等级", "问题已取得阶段性进展，降低问题等级"];

/// What the committee says when it strikes an issue off.
pub const CONFIRM_OPINIONS: &[&str] = &["", "经核实，问题已解决，同意销号", "企业确认问题已解决，予以销号"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_words_for_every_step() {
        let keys: Vec<&str> = TYPES.iter().map(|t| t.key).collect();
        assert_eq!(keys, ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
        for t in TYPES {
            assert!(!t.handlers.is_empty() && t.weight > 0, "{}", t.key);
            for list in [t.descriptions, t.suggestions, t.progress, t.resolutions] {
                assert!(!list.is_empty() && list.iter().all(|s| !s.is_empty() && s.chars().count() <= 200), "{}", t.key);
            }
        }
    }
}
