//! The technical-renovation part of a 技术改造 project's form: the `renovation` object of `project/submit`,
//! and its checks (domain-model §2.2.4). It travels with the project and is saved in the project's
//! transaction, so a 技改 project never stands without its renovation facts. A refusal names the field as
//! `renovation.<field>`, the path of the field in the project form.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{NO, YES, amount, flag};
use crate::entity::tech_renovation;
use crate::investment::project::form::{Project, platform_code};
use crate::reference::Reference;

/// `project_type` 技术改造项目: the projects that carry renovation facts and the 技术改造 screen lists.
pub const RENOVATION_PROJECT_TYPE: &str = "02";

/// The key of the renovation object in a project's body, and the prefix of its fields' names in refusals.
pub const KEY: &str = "renovation";

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RenovationForm {
    /// `renovation_type`, required.
    pub renovation_type: Option<String>,
    /// 备案代码: the format of the approval code.
    pub filing_code: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub filing_date: Option<NaiveDate>,
    /// 设备投资 (万元), required, at most the planned total investment.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub equipment_investment: Option<Decimal>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub new_equipment_count: Option<i32>,
    pub is_key_renovation: Option<String>,
    pub subsidy_applied: Option<String>,
    /// 奖补金额 (万元): only when the subsidy is applied for.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub subsidy_amount: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_new_output: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_new_tax: Option<Decimal>,
    /// 吨标煤, two decimals.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_energy_saving: Option<Decimal>,
}

keeper_db::record! {
    /// The checked renovation facts: every column of `biz_tech_renovation` a person edits.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Renovation => tech_renovation::ActiveModel {
        pub renovation_type: String,
        pub filing_code: String,
        pub filing_date: Option<NaiveDate>,
        pub equipment_investment: Decimal,
        pub new_equipment_count: Option<i32>,
        pub is_key_renovation: String,
        pub subsidy_applied: String,
        pub subsidy_amount: Option<Decimal>,
        pub expected_new_output: Option<Decimal>,
        pub expected_new_tax: Option<Decimal>,
        pub expected_energy_saving: Option<Decimal>,
    }
}

/// A refusal of the renovation object, its field named by its path in the project form.
fn nested(e: AppError) -> AppError {
    match e {
        AppError::Field { field, reason } if field.is_empty() => AppError::field(KEY, reason),
        AppError::Field { field, reason } => AppError::field(format!("{KEY}.{field}"), reason),
        e => e,
    }
}

fn money(field: &str, v: Option<Decimal>) -> Result<Option<Decimal>, AppError> {
    amount(field, v, 14, 4)
}

impl RenovationForm {
    /// Reads the renovation object; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<RenovationForm, AppError> {
        keeper_common::form::from_json(body).map_err(nested)
    }

    /// Checks every field and the rules between them and the project's planned total investment.
    pub fn validate(self, total_investment: Option<Decimal>) -> Result<Renovation, AppError> {
        self.checked(total_investment).map_err(nested)
    }

    fn checked(self, total_investment: Option<Decimal>) -> Result<Renovation, AppError> {
        let renovation_type = trimmed("renovationType", self.renovation_type, 2, true)?;
        let equipment_investment =
            money("equipmentInvestment", self.equipment_investment)?.ok_or_else(|| AppError::field("equipmentInvestment", "不能为空"))?;
        if total_investment.is_some_and(|t| equipment_investment > t) {
            return Err(AppError::field("equipmentInvestment", "设备投资不能大于计划总投资"));
        }
        if self.new_equipment_count.is_some_and(|n| !(0..=1_000_000).contains(&n)) {
            return Err(AppError::field("newEquipmentCount", "应为 0 到 1000000 之间的整数"));
        }
        let subsidy_applied = flag("subsidyApplied", self.subsidy_applied, NO)?;
        let subsidy_amount = money("subsidyAmount", self.subsidy_amount)?;
        if subsidy_amount.is_some() && subsidy_applied != YES {
            return Err(AppError::field("subsidyAmount", "未申报技改奖补的项目不填奖补金额"));
        }
        Ok(Renovation {
            renovation_type,
            filing_code: platform_code("filingCode", self.filing_code, "备案代码")?,
            filing_date: self.filing_date,
            equipment_investment,
            new_equipment_count: self.new_equipment_count,
            is_key_renovation: flag("isKeyRenovation", self.is_key_renovation, NO)?,
            subsidy_applied,
            subsidy_amount,
            expected_new_output: money("expectedNewOutput", self.expected_new_output)?,
            expected_new_tax: money("expectedNewTax", self.expected_new_tax)?,
            expected_energy_saving: amount("expectedEnergySaving", self.expected_energy_saving, 12, 2)?,
        })
    }
}

impl Renovation {
    /// The renovation type is one of the tenant's `renovation_type` dictionary.
    pub fn check_references(&self, r: &Reference) -> Result<(), AppError> {
        if !r.has_key("renovation_type", &self.renovation_type) {
            return Err(AppError::field(format!("{KEY}.renovationType"), format!("不是有效的字典值: {}", self.renovation_type)));
        }
        Ok(())
    }
}

/// What a project's save writes of its renovation facts, from the `renovation` value of its body (`sent`,
/// laid over the stored facts like the project over its row) and the stored facts: for a 技改 project the
/// checked facts, required; for any other project nothing, and a body that sends some is refused.
pub fn of_project(
    project: &Project,
    sent: Option<Value>,
    stored: Option<&tech_renovation::Model>,
    r: &Reference,
) -> Result<Option<Renovation>, AppError> {
    if project.project_type != RENOVATION_PROJECT_TYPE {
        return match sent {
            None | Some(Value::Null) => Ok(None),
            Some(_) => Err(AppError::field(KEY, "只有技术改造项目填写技改信息")),
        };
    }
    let body = match sent {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(body)) => body,
        Some(_) => return Err(AppError::field(KEY, "格式不正确: 应为对象")),
    };
    let merged = match stored {
        Some(row) => crate::patch::over(row, body)?,
        None => body,
    };
    let renovation = RenovationForm::from_json(&merged)?.validate(project.total_investment)?;
    renovation.check_references(r)?;
    Ok(Some(renovation))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn form(v: Value) -> Result<Renovation, AppError> {
        RenovationForm::from_json(v.as_object().unwrap())?.validate(Some(Decimal::from(5000)))
    }

    fn full() -> Value {
        json!({
            "renovationType": "1", "filingCode": "2604-320100-07-02-000123", "filingDate": "2026-03-02",
            "equipmentInvestment": "3200.5", "newEquipmentCount": "48", "isKeyRenovation": "y", "subsidyApplied": "Y",
            "subsidyAmount": "0", "expectedNewOutput": "12000", "expectedNewTax": "800.25", "expectedEnergySaving": "1520.75"
        })
    }

    fn with(patch: Value) -> Value {
        let mut v = full();
        v.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
        v
    }

    #[test]
    fn a_complete_renovation_reads_with_its_flags_uppercased_and_its_codes_normalised() {
        let r = form(with(json!({ "filingCode": " 2604-320100-07-02-00012a " }))).unwrap();
        assert_eq!(r.filing_code, "2604-320100-07-02-00012A");
        assert_eq!(r.equipment_investment, "3200.5".parse().unwrap());
        assert_eq!((r.is_key_renovation.as_str(), r.subsidy_applied.as_str()), ("Y", "Y"));
        assert_eq!((r.new_equipment_count, r.subsidy_amount), (Some(48), Some(Decimal::ZERO)));
        let bare = form(json!({ "renovationType": "4", "equipmentInvestment": "5000" })).unwrap();
        assert_eq!((bare.is_key_renovation.as_str(), bare.subsidy_applied.as_str(), bare.subsidy_amount), ("N", "N", None));
    }

    #[test]
    fn each_bad_field_is_refused_by_its_path_in_the_project_form() {
        for (patch, field, reason) in [
            (json!({ "renovationType": "" }), "renovation.renovationType", "不能为空"),
            (json!({ "equipmentInvestment": null }), "renovation.equipmentInvestment", "不能为空"),
            (json!({ "equipmentInvestment": "5000.0001" }), "renovation.equipmentInvestment", "设备投资不能大于计划总投资"),
            (json!({ "equipmentInvestment": "-1" }), "renovation.equipmentInvestment", "不能为负数"),
            (json!({ "equipmentInvestment": "x" }), "renovation.equipmentInvestment", ""),
            (json!({ "subsidyApplied": "N", "subsidyAmount": "20" }), "renovation.subsidyAmount", "未申报技改奖补的项目不填奖补金额"),
            (json!({ "subsidyAmount": "-0.5" }), "renovation.subsidyAmount", "不能为负数"),
            (json!({ "subsidyApplied": "maybe" }), "renovation.subsidyApplied", ""),
            (json!({ "filingCode": "2604/01" }), "renovation.filingCode", "备案代码只能包含字母、数字和连字符"),
            (json!({ "filingCode": "1".repeat(25) }), "renovation.filingCode", ""),
            (json!({ "filingDate": "2026-02-30" }), "renovation.filingDate", ""),
            (json!({ "newEquipmentCount": -3 }), "renovation.newEquipmentCount", ""),
            (json!({ "expectedEnergySaving": "1.005" }), "renovation.expectedEnergySaving", "最多2位小数"),
        ] {
            match form(with(patch.clone())) {
                Err(AppError::Field { field: f, reason: r }) => {
                    assert_eq!(f, field, "{patch}");
                    assert!(reason.is_empty() || r == reason, "{patch}: {r}");
                }
                other => panic!("{patch}: {other:?}"),
            }
        }
    }

    #[test]
    fn without_a_planned_total_the_equipment_is_not_compared() {
        let r = RenovationForm::from_json(full().as_object().unwrap()).unwrap().validate(None).unwrap();
        assert_eq!(r.renovation_type, "1");
    }

    #[test]
    fn only_a_renovation_project_carries_renovation_facts() {
        let r = Reference::default();
        let other = Project { project_type: "01".into(), ..Default::default() };
        assert_eq!(of_project(&other, None, None, &r).unwrap(), None);
        assert_eq!(of_project(&other, Some(Value::Null), None, &r).unwrap(), None);
        match of_project(&other, Some(full()), None, &r) {
            Err(AppError::Field { field, .. }) => assert_eq!(field, "renovation"),
            e => panic!("{e:?}"),
        }
        let renovation = Project { project_type: RENOVATION_PROJECT_TYPE.into(), ..Default::default() };
        match of_project(&renovation, None, None, &r) {
            Err(AppError::Field { field, .. }) => assert_eq!(field, "renovation.renovationType", "required with the project"),
            e => panic!("{e:?}"),
        }
        match of_project(&renovation, Some(json!("x")), None, &r) {
            Err(AppError::Field { field, .. }) => assert_eq!(field, "renovation"),
            e => panic!("{e:?}"),
        }
    }
}
