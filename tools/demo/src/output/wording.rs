//! How a firm explains a fall of its output (下降原因, required once its 1–N月累计 is below last year's) and
//! words its difficulties (生产经营困难/诉求), as zones' monthly output sheets read them, and what a
//! reviewer writes back when sending a month back.
use crate::rng::Rng;

/// Why a firm in trouble produces less.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// Output fell: the market, the plant, last year's base.
    Market,
    /// The Spring Festival fell in this year's first months, not last year's.
    SpringFestival,
    /// 半停产.
    HalfStopped,
    /// 停产.
    Stopped,
}

const MARKET: &[&str] = &[
    "受下游市场需求疲软影响，订单量同比减少",
    "主要客户订单结构调整，本期交付量同比下降",
    "主要产品市场价格同比下降，产值相应减少",
    "出口订单减少，外贸业务同比下滑",
    "行业竞争加剧，产品销量同比下降",
    "部分生产线进行技术改造，产能阶段性下降",
    "主要设备检修，有效生产天数减少",
    "原材料价格上涨，企业主动压减产量",
    "上年同期有大额订单集中交付，基数较高",
];

/// What firms of a trade say besides (by the `industry` key's prefix).
const TRADE: &[(&str, &str)] = &[
    ("C36", "受整车厂减产影响，配套零部件订单减少"),
    ("C38", "光伏及储能产品价格持续下行，产值同比下降"),
    ("C39", "消费电子市场需求下滑，订单减少"),
    ("C26", "受环保限产影响，产量同比下降"),
    ("C30", "房地产市场低迷，建材产品需求减少"),
    ("C32", "有色金属价格下行，产值同比下降"),
    ("C14", "节日消费前置，本期销量同比下降"),
    ("C27", "集采中标产品价格下降，产值同比减少"),
];

const SPRING_FESTIVAL: &[&str] = &["春节假期因素影响，有效生产天数同比减少", "春节前后员工返乡，开工率阶段性下降"];

const HALF_STOPPED: &[&str] =
    &["订单严重不足，部分生产线停产，企业处于半停产状态", "资金周转困难，企业减产运行", "主要客户流失，企业仅维持部分产线生产"];

const STOPPED: &[&str] = &["企业因经营困难已全面停产", "企业停产进行搬迁改造，暂无产值", "企业停产整顿，正在寻求资产重组"];

/// The firm's 下降原因 for a month whose 1–N月累计 is below last year's.
pub fn decline(cause: Cause, industry: &str, rng: &mut Rng) -> String {
    match cause {
        Cause::Stopped => rng.pick(STOPPED).to_string(),
        Cause::HalfStopped => rng.pick(HALF_STOPPED).to_string(),
        Cause::SpringFestival => rng.pick(SPRING_FESTIVAL).to_string(),
        Cause::Market => match TRADE.iter().find(|(code, _)| industry.starts_with(code)) {
            Some((_, said)) if rng.chance(0.4) => said.to_string(),
            _ => rng.pick(MARKET).to_string(),
        },
    }
}

const PROBLEMS: &[&str] = &[
    "一线普工招工难，用工缺口约{n}人",
    "流动资金紧张，希望协调银行增加授信额度",
    "原材料价格波动较大，成本压力上升",
    "用电负荷接近上限，希望协调增容",
    "扩产项目用地尚未落实，希望园区协调解决",
    "应收账款回款周期长，资金周转压力大",
    "希望协调解决员工子女入学问题",
    "物流运输成本上升，希望协调开通货运专线",
];

const TROUBLE: &[&str] =
    &["订单不足，希望园区协助对接上下游企业", "企业经营困难，希望协调延期缴纳社会保险费", "银行抽贷压贷，希望协调续贷"];

/// The firm's difficulties and requests (生产经营困难/诉求).
pub fn problems(in_trouble: bool, rng: &mut Rng) -> String {
    let line = if in_trouble && rng.chance(0.6) { rng.pick(TROUBLE) } else { rng.pick(PROBLEMS) };
    line.replace("{n}", &(rng.int(2, 12) * 10).to_string())
}

/// Why a reviewer sends a month's output back.
pub const RETURN_OPINIONS: &[&str] = &[
    "本月产值与用电量变化趋势不符，请核实后重新填报",
    "营业收入与产值差异较大，请核对后重新填报",
    "本月产值与统计联网直报数据不一致，请核对",
    "上年同期数据与统计年报不符，请核实",
    "从业人员数较上月变动较大，请核实",
    "本月产值环比波动较大，请补充说明",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cause_has_words_without_placeholders() {
        let mut rng = Rng::stream(0, "output-wording");
        for cause in [Cause::Market, Cause::SpringFestival, Cause::HalfStopped, Cause::Stopped] {
            for industry in ["C36", "C39", "C14", "D44"] {
                let said = decline(cause, industry, &mut rng);
                assert!(!said.is_empty() && said.chars().count() <= 500, "{cause:?} {industry}");
            }
        }
        for trouble in [false, true] {
            for _ in 0..50 {
                let said = problems(trouble, &mut rng);
                assert!(!said.is_empty() && !said.contains('{'), "{said}");
            }
        }
    }
}
