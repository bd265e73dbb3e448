//! The words a demo zone is written in: people, firms, industries with their products, cities. Names are
//! put together the way Chinese registers read ("星湖华曜新能源科技有限公司", "年产20万套汽车座椅项目"), so
//! that a screen of the demo zone looks like a real zone's.
use crate::rng::Rng;

const SURNAMES: &[(u32, &str)] = &[
    (30, "王"),
    (30, "李"),
    (28, "张"),
    (25, "刘"),
    (20, "陈"),
    (14, "杨"),
    (12, "黄"),
    (11, "赵"),
    (10, "吴"),
    (10, "周"),
    (9, "徐"),
    (9, "孙"),
    (8, "马"),
    (8, "朱"),
    (7, "胡"),
    (7, "郭"),
    (7, "何"),
    (6, "高"),
    (6, "林"),
    (6, "罗"),
    (5, "郑"),
    (5, "梁"),
    (5, "谢"),
    (5, "宋"),
    (5, "唐"),
    (4, "许"),
    (4, "韩"),
    (4, "冯"),
    (4, "邓"),
    (4, "曹"),
    (3, "彭"),
    (3, "曾"),
    (3, "肖"),
    (3, "田"),
    (3, "董"),
    (3, "袁"),
    (3, "潘"),
    (3, "蒋"),
    (3, "蔡"),
    (3, "余"),
    (2, "杜"),
    (2, "叶"),
    (2, "程"),
    (2, "苏"),
    (2, "魏"),
    (2, "吕"),
    (2, "丁"),
    (2, "任"),
    (2, "沈"),
    (2, "姚"),
    (2, "卢"),
    (2, "姜"),
    (2, "崔"),
    (2, "钟"),
    (2, "汪"),
    (2, "范"),
    (2, "金"),
    (2, "陆"),
    (1, "方"),
    (1, "孟"),
];

const GIVEN: &[&str] = &[
    "伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "霞", "平", "刚", "建", "国",
    "华", "文", "志", "红", "辉", "鹏", "林", "波", "宇", "浩", "俊", "峰", "斌", "婷", "雪", "琳", "晨", "欣", "晓", "海", "亮", "飞",
    "凯", "鑫", "颖", "佳", "瑞", "博", "思", "嘉", "振", "永", "春", "玉", "立", "新", "东", "成", "荣", "德", "安", "庆", "福", "龙",
    "宏", "昌", "松", "卫", "兵", "彬", "蕾", "倩", "阳", "帆", "慧", "琦", "哲", "睿",
];

/// A person's name: a surname and one or two given characters.
pub fn person(rng: &mut Rng) -> String {
    let mut name = rng.weighted(SURNAMES).to_string();
    name.push_str(rng.pick(GIVEN));
    if rng.chance(0.7) {
        name.push_str(rng.pick(GIVEN));
    }
    name
}

/// A mobile number (11 digits of a Chinese carrier's ranges).
pub fn mobile(rng: &mut Rng) -> String {
    const PREFIXES: &[&str] = &["130", "133", "135", "136", "138", "139", "150", "151", "155", "158", "177", "180", "186", "189", "199"];
    format!("{}{:08}", rng.pick(PREFIXES), rng.int(0, 99_999_999))
}

/// An office number of the zone (its area code, an eight-digit local number).
pub fn office_phone(area_code: &str, rng: &mut Rng) -> String {
    format!("{area_code}-{}", rng.int(63_000_000, 68_999_999))
}

const BRAND_FIRST: &[&str] = &[
    "华", "瑞", "恒", "鑫", "博", "中", "天", "宏", "远", "嘉", "盛", "泰", "德", "凯", "思", "英", "捷", "诺", "科", "新", "金", "海",
    "东", "联", "正", "安", "永", "长", "信", "国", "富", "明", "晶", "睿", "智", "星", "龙", "鼎", "汇", "弘", "卓", "亿", "万", "同",
    "合", "精", "普", "高", "美", "航",
];
const BRAND_SECOND: &[&str] = &[
    "科", "源", "达", "通", "泰", "创", "维", "拓", "邦", "峰", "晟", "驰", "芯", "能", "微", "光", "威", "锐", "宇", "昊", "腾", "丰",
    "康", "力", "立", "成", "禾", "川", "辰", "越", "奥", "朗", "森", "尚", "盈", "阳", "晖", "骏", "铭", "迈",
];

/// A firm's trade name (字号) of two characters.
pub fn brand(rng: &mut Rng) -> String {
    loop {
        let (a, b) = (rng.pick(BRAND_FIRST), rng.pick(BRAND_SECOND));
        if a != b {
            return format!("{a}{b}");
        }
    }
}

/// Cities investors come from, by `investor_origin`: 2 市外省内, 3 省外, 4 境外(含港澳台).
pub const CITIES_IN_PROVINCE: &[&str] = &["江城", "临川", "云州", "青阳", "东陵", "南湖"];
pub const CITIES_OUT_OF_PROVINCE: &[&str] =
    &["上海", "深圳", "苏州", "杭州", "南京", "宁波", "无锡", "常州", "武汉", "成都", "北京", "广州"];
pub const ABROAD: &[&str] = &["香港", "台湾", "新加坡", "德国", "日本", "韩国", "美国"];

/// An industry (GB/T 4754 division or section, as the `industry` dictionary keys it) with the chain it
/// belongs to (`industry_chain`), the words firms of it put in their names and the products they make.
pub struct Industry {
    pub code: &'static str,
    pub chain: &'static str,
    pub firm_words: &'static [&'static str],
    /// A product and the unit its yearly capacity is counted in.
    pub products: &'static [(&'static str, &'static str)],
    /// Whether it is manufacturing or energy (行业主管: 工业和信息化局).
    pub industrial: bool,
}

const fn ind(
    code: &'static str,
    chain: &'static str,
    firm_words: &'static [&'static str],
    products: &'static [(&'static str, &'static str)],
    industrial: bool,
) -> Industry {
    Industry { code, chain, firm_words, products, industrial }
}

#[rustfmt::skip]
pub static INDUSTRIES: &[Industry] = &[
    ind("C36", "01", &["汽车零部件", "汽车科技", "新能源汽车", "汽车电子", "车身系统"],
        &[("新能源汽车", "万辆"), ("汽车座椅", "万套"), ("车身结构件", "万件"), ("汽车线束", "万套"), ("制动系统", "万套"), ("汽车内饰件", "万套"), ("热管理系统", "万套")], true),
    ind("C38", "01", &["电气", "电机", "新能源科技", "储能科技", "电池", "电器"],
        &[("驱动电机", "万台"), ("动力电池", "GWh"), ("储能电池系统", "GWh"), ("充电桩", "万台"), ("变压器", "万台"), ("高低压开关柜", "万面")], true),
    ind("C39", "02", &["电子科技", "微电子", "光电科技", "半导体", "智能科技", "通信技术"],
        &[("集成电路", "万片"), ("液晶显示模组", "万片"), ("传感器", "万只"), ("印制电路板", "万平方米"), ("智能终端", "万台"), ("光通信器件", "万只"), ("功率半导体", "万片")], true),
    ind("C34", "03", &["机械", "智能装备", "精密机械", "动力科技", "流体设备"],
        &[("工业机器人", "台"), ("数控机床", "台"), ("精密减速机", "万台"), ("液压件", "万件"), ("精密轴承", "万套"), ("空气压缩机", "台")], true),
    ind("C35", "03", &["装备", "重工", "智能装备", "机械制造"],
        &[("工程机械", "台"), ("环保设备", "台套"), ("包装机械", "台"), ("电子专用设备", "台套"), ("医疗器械", "万台")], true),
    ind("C33", "03", &["金属制品", "精工", "五金"],
        &[("钢结构件", "万吨"), ("铝合金型材", "万吨"), ("金属结构件", "万件"), ("精密模具", "套")], true),
    ind("C40", "03", &["仪器", "仪表", "测控技术"],
        &[("智能电表", "万台"), ("分析仪器", "台"), ("光学仪器", "台")], true),
    ind("C37", "03", &["航空科技", "轨道交通装备"],
        &[("轨道交通零部件", "万件"), ("工业无人机", "架")], true),
    ind("C29", "04", &["塑胶", "橡塑科技", "新材料"],
        &[("汽车塑料件", "万件"), ("橡胶密封件", "万件"), ("改性塑料", "万吨"), ("功能薄膜", "万平方米")], true),
    ind("C26", "04", &["化工", "新材料", "化学"],
        &[("电子化学品", "吨"), ("水性涂料", "万吨"), ("锂电池电解液", "万吨"), ("高分子材料", "万吨")], true),
    ind("C30", "04", &["新材料", "建材", "玻璃"],
        &[("光伏玻璃", "万平方米"), ("特种玻璃", "万平方米"), ("新型墙体材料", "万立方米")], true),
    ind("C32", "04", &["铜业", "铝业", "有色金属"],
        &[("锂电铜箔", "万吨"), ("铝合金板带", "万吨")], true),
    ind("C27", "05", &["生物科技", "医药", "制药", "药业"],
        &[("原料药", "吨"), ("生物制剂", "万支"), ("中成药", "吨"), ("体外诊断试剂", "万人份"), ("化学制剂", "亿片")], true),
    ind("C14", "06", &["食品", "食品科技", "农产品"],
        &[("烘焙食品", "万吨"), ("速冻食品", "万吨"), ("休闲食品", "万吨"), ("调味品", "万吨")], true),
    ind("C13", "06", &["粮油", "农业科技"],
        &[("粮油制品", "万吨"), ("饲料", "万吨")], true),
    ind("C15", "06", &["饮品", "酒业"],
        &[("饮料", "万吨"), ("精制茶", "吨")], true),
    ind("D44", "07", &["能源", "新能源", "热电"],
        &[("分布式光伏发电", "兆瓦"), ("热电联产", "兆瓦")], true),
    ind("E", "09", &["建设", "建工", "建筑工程"],
        &[("房屋建筑施工", "万平方米")], false),
    ind("F", "08", &["商贸", "贸易", "供应链"],
        &[("汽车销售", "辆"), ("电子产品批发", "万元"), ("建材贸易", "万吨")], false),
    ind("G", "08", &["物流", "供应链管理", "运输"],
        &[("仓储物流", "万吨"), ("冷链物流", "万吨")], false),
    ind("H", "08", &["酒店管理", "餐饮管理"],
        &[("酒店住宿", "间"), ("餐饮服务", "座")], false),
    ind("I", "02", &["信息技术", "软件", "网络科技", "数据科技"],
        &[("工业软件", "套"), ("信息系统集成", "项"), ("数据中心", "机柜")], false),
    ind("K", "09", &["置业", "房地产开发"],
        &[("商品住宅", "万平方米")], false),
    ind("L", "08", &["企业管理", "商务咨询", "人力资源"],
        &[("园区运营服务", "项"), ("人力资源服务", "人次")], false),
    ind("M", "08", &["检测技术", "技术服务", "设计研究院"],
        &[("检验检测", "批次"), ("研发设计", "项")], false),
];

/// A short label of an `industry_chain` key, as project names use it.
pub fn chain_label(key: &str) -> &'static str {
    match key {
        "01" => "新能源汽车",
        "02" => "电子信息",
        "03" => "高端装备",
        "04" => "新材料",
        "05" => "生物医药",
        "06" => "绿色食品",
        "07" => "新能源",
        "08" => "现代服务业",
        _ => "产业",
    }
}

pub fn industry(code: &str) -> &'static Industry {
    INDUSTRIES.iter().find(|i| i.code == code).unwrap_or(&INDUSTRIES[0])
}

/// The legal form of a company of `company_type` at the end of its name.
pub fn legal_form(company_type: &str, rng: &mut Rng) -> &'static str {
    match company_type {
        "160" | "174" | "240" | "340" => "股份有限公司",
        "171" => "厂",
        "151" | "110" => "有限公司",
        "310" | "330" | "320" | "390" | "210" | "220" | "230" | "290" => {
            if rng.chance(0.5) {
                "(中国)有限公司"
            } else {
                "有限公司"
            }
        }
        _ => {
            if rng.chance(0.8) {
                "有限公司"
            } else {
                "有限责任公司"
            }
        }
    }
}

/// Chinese numerals for phases (二期, 三期…) and ordinals.
pub const PHASES: &[&str] = &["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Why a library entry was sent back: what a reviewer of a zone asks for.
pub const RETURN_OPINIONS: &[&str] = &[
    "请补充项目备案(核准)文件",
    "计划总投资与备案金额不一致，请核实",
    "建设内容过于简略，请补充建设规模及主要设备",
    "请补充用地预审意见及规划选址材料",
    "项目单位联系人电话有误，请核实后重新提交",
    "签约投资额与合同不符，请上传投资协议",
    "所属行业分类有误，请按国民经济行业分类调整",
    "计划开工时间与前期手续进度不匹配，请修改",
];

/// What a reviewer writes when approving (often nothing).
pub const APPROVE_OPINIONS: &[&str] = &["同意入库", "同意", "材料齐全，同意入库", "同意，请抓紧推进前期手续", ""];

/// Why a project stopped (停缓建) or left the zone (终止).
pub const HALT_REASONS: &[&str] = &[
    "受市场需求下滑影响，企业放缓投资节奏",
    "项目融资未落实，资金到位不足",
    "用地规划调整，等待重新选址",
    "环评批复未取得，暂停施工",
    "主要设备供应延迟，暂缓建设",
];
pub const EXIT_REASONS: &[&str] = &[
    "投资方战略调整，终止在本区投资",
    "投资方资金链断裂，项目无法继续实施",
    "项目未通过能评审查，依约解除投资协议",
    "企业整体搬迁至外地，项目退出",
    "土地未能按期供应，双方协商解除协议",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn industry_codes_are_keys_of_the_seeded_dictionary() {
        let mut keys = Vec::new();
        fn walk(items: &'static [keeper_system::builtin::DictItemSeed], out: &mut Vec<&'static str>) {
            for i in items {
                out.push(i.key);
                walk(i.children, out);
            }
        }
        for d in keeper_system::builtin::BUSINESS_DICTS.iter().filter(|d| d.code == "industry" || d.code == "industry_chain") {
            walk(d.items, &mut keys);
        }
        for i in INDUSTRIES {
            assert!(keys.contains(&i.code), "{}", i.code);
            assert!(keys.contains(&i.chain), "{}", i.chain);
            assert!(!i.products.is_empty() && !i.firm_words.is_empty());
        }
    }

    #[test]
    fn names_read_like_names() {
        let mut rng = Rng::stream(0, "names");
        for _ in 0..100 {
            let p = person(&mut rng);
            assert!((2..=3).contains(&p.chars().count()), "{p}");
            assert_eq!(mobile(&mut rng).len(), 11);
            assert_eq!(brand(&mut rng).chars().count(), 2);
        }
    }
}
