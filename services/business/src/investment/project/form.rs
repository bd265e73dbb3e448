//! The project form of `project/submit`, and its checks. Saving keeps a draft that may be incomplete (a
//! clerk gathers a project's figures over days), so [`ProjectForm::validate`] checks the shape of every
//! field and asks only for what places the project (name, type, territory); submitting it for review
//! asks for the rest ([`Project::complete`]). Every refusal names the field and the reason. A form is
//! always a whole record: on update the body is laid over the stored row first.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::lifecycle::{self, Facts, ProjectStatus};
use crate::checks::{NO, YES, amount, coordinate, flag};
use crate::entity::project;
use crate::money::Wan;
use crate::reference::Reference;

/// The power types of a territory (管委会, 属地单位) and of an industry department, as for enterprises.
pub use crate::enterprise::form::{INDUSTRY_POWER_TYPES, PARK_POWER_TYPES};

/// `project_source` 招商引资: such a project records its signing (§2.2.1).
pub const ATTRACTED_SOURCE: &str = "1";

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub approval_code: Option<String>,
    pub project_name: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub enterprise_id: Option<i64>,
    pub owner_name: Option<String>,
    pub investor_name: Option<String>,
    pub investor_origin: Option<String>,
    pub project_source: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub industry_dept_id: Option<i64>,
    pub project_type: Option<String>,
    pub project_status: Option<String>,
    pub construction_nature: Option<String>,
    pub industry_code: Option<String>,
    pub leading_industry: Option<String>,
    pub project_level: Option<String>,
    pub is_key_project: Option<String>,
    pub address: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub longitude: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub latitude: Option<Decimal>,
    pub construction_content: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub total_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub fixed_asset_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub equipment_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub foreign_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub land_area: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub building_area: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub sign_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub contract_amount: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub funds_in_place: Option<Decimal>,
    /// 开工至上线累计: for a project already under way when the zone went live.
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub opening_investment: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub planned_start_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub actual_start_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub planned_completion_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub actual_completion_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub production_date: Option<NaiveDate>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub full_capacity_date: Option<NaiveDate>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub construction_start_year: Option<i32>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub construction_end_year: Option<i32>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_annual_output: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub expected_annual_tax: Option<Decimal>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub expected_jobs: Option<i32>,
    pub responsible_leader: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub responsible_dept_id: Option<i64>,
    pub responsible_person: Option<String>,
    pub responsible_phone: Option<String>,
    pub owner_contact: Option<String>,
    pub owner_phone: Option<String>,
    pub remark: Option<String>,
}

keeper_db::record! {
    /// A checked record: every column of `biz_project` a person edits, all written on create and on update
    /// (an empty optional column is written as NULL). Status moves, the library workflow and the figures
    /// of monthly reports write the others.
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Project => project::ActiveModel {
        pub approval_code: String,
        pub project_name: String,
        pub enterprise_id: Option<i64>,
        pub owner_name: String,
        pub investor_name: String,
        pub investor_origin: String,
        pub project_source: String,
        pub dept_id: Option<i64>,
        pub industry_dept_id: Option<i64>,
        pub project_type: String,
        pub project_status: String,
        pub construction_nature: String,
        pub industry_code: String,
        pub leading_industry: String,
        pub project_level: String,
        pub is_key_project: String,
        pub address: String,
        pub longitude: Option<Decimal>,
        pub latitude: Option<Decimal>,
        pub construction_content: String,
        pub total_investment: Option<Decimal>,
        pub fixed_asset_investment: Option<Decimal>,
        pub equipment_investment: Option<Decimal>,
        pub foreign_investment: Option<Decimal>,
        pub land_area: Option<Decimal>,
        pub building_area: Option<Decimal>,
        pub sign_date: Option<NaiveDate>,
        pub contract_amount: Option<Decimal>,
        pub funds_in_place: Option<Decimal>,
        pub opening_investment: Option<Decimal>,
        pub planned_start_date: Option<NaiveDate>,
        pub actual_start_date: Option<NaiveDate>,
        pub planned_completion_date: Option<NaiveDate>,
        pub actual_completion_date: Option<NaiveDate>,
        pub production_date: Option<NaiveDate>,
        pub full_capacity_date: Option<NaiveDate>,
        pub construction_start_year: Option<i32>,
        pub construction_end_year: Option<i32>,
        pub expected_annual_output: Option<Decimal>,
        pub expected_annual_tax: Option<Decimal>,
        pub expected_jobs: Option<i32>,
        pub responsible_leader: String,
        pub responsible_dept_id: Option<i64>,
        pub responsible_person: String,
        pub responsible_phone: String,
        pub owner_contact: String,
        pub owner_phone: String,
        pub remark: String,
    }
}

/// A money amount of `decimal(18,4)` in 万元 (or 万美元): not negative, at most four decimals.
fn money(field: &str, v: Option<Decimal>) -> Result<Option<Decimal>, AppError> {
    amount(field, v, 14, 4)
}

fn phone(field: &str, v: Option<String>) -> Result<String, AppError> {
    let p = trimmed(field, v, 30, false)?;
    if !p.chars().all(|c| c.is_ascii_digit() || "+- ".contains(c)) {
        return Err(AppError::field(field, "不是有效的电话号码"));
    }
    Ok(p)
}

fn year(field: &str, v: Option<i32>) -> Result<Option<i32>, AppError> {
    match v {
        Some(y) if !(1990..=2100).contains(&y) => Err(AppError::field(field, "应为 1990 到 2100 之间的年份")),
        _ => Ok(v),
    }
}

/// A code of the online approval platform (投资项目代码, a 技改 project's 备案代码): at most 24 letters,
/// digits and hyphens, uppercased; `what` names it in the refusal.
pub fn platform_code(field: &str, v: Option<String>, what: &str) -> Result<String, AppError> {
    let code = trimmed(field, v, 24, false)?.to_ascii_uppercase();
    if !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(AppError::field(field, format!("{what}只能包含字母、数字和连字符")));
    }
    Ok(code)
}

/// `later` may not fall before `earlier`; the later field is the one refused.
fn not_before(later: (&str, Option<NaiveDate>), earlier: Option<NaiveDate>, reason: &str) -> Result<(), AppError> {
    match (later.1, earlier) {
        (Some(l), Some(e)) if l < e => Err(AppError::field(later.0, reason)),
        _ => Ok(()),
    }
}

impl ProjectForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<ProjectForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field on its own and the orders between fields; references are checked by
    /// [`Project::check_references`], completeness by [`Project::complete`].
    pub fn validate(self) -> Result<Project, AppError> {
        let project_status = trimmed("projectStatus", self.project_status, 4, false)?;
        let project_status = if project_status.is_empty() { ProjectStatus::Reserve.code().to_string() } else { project_status };
        let status = ProjectStatus::from_code("projectStatus", &project_status)?;
        if matches!(status, ProjectStatus::Suspended | ProjectStatus::Terminated) {
            return Err(AppError::field("projectStatus", "新入库的项目不能为停缓建或终止"));
        }
        let total_investment = money("totalInvestment", self.total_investment)?;
        if total_investment.is_some_and(|t| t.is_zero()) {
            return Err(AppError::field("totalInvestment", "计划总投资必须大于0"));
        }
        let fixed_asset_investment = money("fixedAssetInvestment", self.fixed_asset_investment)?;
        let equipment_investment = money("equipmentInvestment", self.equipment_investment)?;
        for (field, part, what) in
            [("fixedAssetInvestment", fixed_asset_investment, "固定资产投资"), ("equipmentInvestment", equipment_investment, "设备投资")]
        {
            if let (Some(p), Some(t)) = (part, total_investment)
                && p > t
            {
                return Err(AppError::field(field, format!("{what}不能大于计划总投资")));
            }
        }
        let opening_investment = money("openingInvestment", self.opening_investment)?;
        if let (Some(o), Some(t)) = (opening_investment, total_investment)
            && o > t
        {
            return Err(AppError::field("openingInvestment", "开工至上线累计投资不能大于计划总投资"));
        }
        not_before(("plannedCompletionDate", self.planned_completion_date), self.planned_start_date, "计划竣工日期不能早于计划开工日期")?;
        let construction_start_year = year("constructionStartYear", self.construction_start_year)?;
        let construction_end_year = year("constructionEndYear", self.construction_end_year)?;
        if let (Some(s), Some(e)) = (construction_start_year, construction_end_year)
            && e < s
        {
            return Err(AppError::field("constructionEndYear", "建设截止年份不能早于起始年份"));
        }
        if self.expected_jobs.is_some_and(|n| !(0..=1_000_000).contains(&n)) {
            return Err(AppError::field("expectedJobs", "应为 0 到 1000000 之间的整数"));
        }
        let approval_code = platform_code("approvalCode", self.approval_code, "投资项目代码")?;
        let project = Project {
            approval_code,
            project_name: trimmed("projectName", self.project_name, 200, true)?,
            enterprise_id: self.enterprise_id,
            owner_name: trimmed("ownerName", self.owner_name, 200, false)?,
            investor_name: trimmed("investorName", self.investor_name, 200, false)?,
            investor_origin: trimmed("investorOrigin", self.investor_origin, 2, false)?,
            project_source: trimmed("projectSource", self.project_source, 2, false)?,
            dept_id: Some(self.dept_id.ok_or_else(|| AppError::field("deptId", "不能为空"))?),
            industry_dept_id: self.industry_dept_id,
            project_type: trimmed("projectType", self.project_type, 4, true)?,
            project_status,
            construction_nature: trimmed("constructionNature", self.construction_nature, 2, false)?,
            industry_code: trimmed("industryCode", self.industry_code, 10, false)?,
            leading_industry: trimmed("leadingIndustry", self.leading_industry, 20, false)?,
            project_level: trimmed("projectLevel", self.project_level, 2, false)?,
            is_key_project: flag("isKeyProject", self.is_key_project, NO)?,
            address: trimmed("address", self.address, 200, false)?,
            longitude: coordinate("longitude", self.longitude, Decimal::from(181), 6)?,
            latitude: coordinate("latitude", self.latitude, Decimal::from(91), 6)?,
            construction_content: trimmed("constructionContent", self.construction_content, 4000, false)?,
            total_investment,
            fixed_asset_investment,
            equipment_investment,
            foreign_investment: money("foreignInvestment", self.foreign_investment)?,
            land_area: amount("landArea", self.land_area, 10, 2)?,
            building_area: amount("buildingArea", self.building_area, 12, 2)?,
            sign_date: self.sign_date,
            contract_amount: money("contractAmount", self.contract_amount)?,
            funds_in_place: money("fundsInPlace", self.funds_in_place)?,
            opening_investment,
            planned_start_date: self.planned_start_date,
            actual_start_date: self.actual_start_date,
            planned_completion_date: self.planned_completion_date,
            actual_completion_date: self.actual_completion_date,
            production_date: self.production_date,
            full_capacity_date: self.full_capacity_date,
            construction_start_year,
            construction_end_year,
            expected_annual_output: money("expectedAnnualOutput", self.expected_annual_output)?,
            expected_annual_tax: money("expectedAnnualTax", self.expected_annual_tax)?,
            expected_jobs: self.expected_jobs,
            responsible_leader: trimmed("responsibleLeader", self.responsible_leader, 50, false)?,
            responsible_dept_id: self.responsible_dept_id,
            responsible_person: trimmed("responsiblePerson", self.responsible_person, 50, false)?,
            responsible_phone: phone("responsiblePhone", self.responsible_phone)?,
            owner_contact: trimmed("ownerContact", self.owner_contact, 50, false)?,
            owner_phone: phone("ownerPhone", self.owner_phone)?,
            remark: trimmed("remark", self.remark, 500, false)?,
        };
        // The dates of the statuses passed are in their order whatever the status.
        lifecycle::holds(ProjectStatus::Reserve, &project.facts())?;
        Ok(project)
    }
}

impl Project {
    /// The status the project declares it stands at.
    pub fn status(&self) -> ProjectStatus {
        ProjectStatus::from_code("projectStatus", &self.project_status).unwrap_or(ProjectStatus::Reserve)
    }

    /// What the lifecycle looks at.
    pub fn facts(&self) -> Facts {
        Facts {
            attracted: self.project_source == ATTRACTED_SOURCE,
            sign_date: self.sign_date,
            contract_amount: self.contract_amount.map(Wan::round),
            actual_start_date: self.actual_start_date,
            actual_completion_date: self.actual_completion_date,
            production_date: self.production_date,
            full_capacity_date: self.full_capacity_date,
            ..Facts::default()
        }
    }

    /// What a project needs before it goes to review (§2.2.3 "validation on submit"): the required fields
    /// of §2.2.1, a project unit (a registered enterprise or the unit's name), an investment above zero,
    /// and the dates of the status it declares.
    pub fn complete(&self) -> Result<(), AppError> {
        for (field, value, what) in [
            ("projectSource", &self.project_source, "项目来源"),
            ("constructionNature", &self.construction_nature, "建设性质"),
            ("industryCode", &self.industry_code, "所属行业"),
            ("projectLevel", &self.project_level, "项目级别"),
            ("address", &self.address, "建设地点"),
            ("constructionContent", &self.construction_content, "建设规模及内容"),
            ("ownerContact", &self.owner_contact, "项目单位联系人"),
            ("ownerPhone", &self.owner_phone, "项目单位联系电话"),
        ] {
            if value.trim().is_empty() {
                return Err(AppError::field(field, format!("提交审核前须填写{what}")));
            }
        }
        if self.enterprise_id.is_none() && self.owner_name.trim().is_empty() {
            return Err(AppError::field("enterpriseId", "请选择项目单位或填写项目单位名称"));
        }
        if self.total_investment.is_none() {
            return Err(AppError::field("totalInvestment", "提交审核前须填写计划总投资"));
        }
        if self.opening_investment.is_some() && !self.status().started() {
            return Err(AppError::field("openingInvestment", "开工至上线累计投资只用于上线前已开工的项目"));
        }
        lifecycle::holds(self.status(), &self.facts())
    }

    /// Dictionary fields must hold keys of the tenant's dictionaries, departments its live departments of a
    /// power type that fits the field (data scope follows the territory and the industry department).
    pub fn check_references(&self, r: &Reference) -> Result<(), AppError> {
        for (field, code, key) in [
            ("investorOrigin", "investor_origin", &self.investor_origin),
            ("projectSource", "project_source", &self.project_source),
            ("projectType", "project_type", &self.project_type),
            ("constructionNature", "construction_nature", &self.construction_nature),
            ("industryCode", "industry", &self.industry_code),
            ("leadingIndustry", "industry_chain", &self.leading_industry),
            ("projectLevel", "project_level", &self.project_level),
        ] {
            if !key.is_empty() && !r.has_key(code, key) {
                return Err(AppError::field(field, format!("不是有效的字典值: {key}")));
            }
        }
        for (field, id) in
            [("deptId", self.dept_id), ("industryDeptId", self.industry_dept_id), ("responsibleDeptId", self.responsible_dept_id)]
        {
            if let Some(id) = id
                && !r.has_dept(id)
            {
                return Err(AppError::field(field, format!("机构不存在: {id}")));
            }
        }
        if let Some(id) = self.dept_id
            && !r.dept_fits(id, PARK_POWER_TYPES)
        {
            return Err(AppError::field("deptId", "属地园区应为管委会或属地单位(园区/片区/街道/镇)"));
        }
        if let Some(id) = self.industry_dept_id
            && !r.dept_fits(id, INDUSTRY_POWER_TYPES)
        {
            return Err(AppError::field("industryDeptId", "行业主管部门应为职权类型是「行业主管部门」的机构"));
        }
        Ok(())
    }

    /// Whether approval puts the project on the dispatch list (§2.2.3: a key project, or 5,000 万元 and
    /// more of planned investment).
    pub fn tracked_by_rule(total_investment: Option<Decimal>, is_key_project: &str) -> &'static str {
        if is_key_project == YES || total_investment.is_some_and(|t| t >= Decimal::from(TRACKED_FROM)) { YES } else { NO }
    }
}

/// The planned investment (万元) from which an approved project is tracked.
pub const TRACKED_FROM: i64 = 5_000;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    fn valid() -> Value {
        json!({
            "projectName": "年产20万套新能源汽车电机项目", "enterpriseId": "501", "projectSource": "1",
            "deptId": "7", "industryDeptId": "40", "projectType": "01", "projectStatus": "30",
            "constructionNature": "1", "industryCode": "C38", "projectLevel": "3", "isKeyProject": "n",
            "address": "东区创业大道8号", "constructionContent": "新建厂房4.2万平方米",
            "totalInvestment": "52000.5", "fixedAssetInvestment": 48000, "equipmentInvestment": "21000",
            "signDate": "2026-03-18", "contractAmount": "52000", "plannedStartDate": "2026-06-01",
            "plannedCompletionDate": "2027-12-31", "constructionStartYear": "2026", "constructionEndYear": 2027,
            "ownerContact": "李经理", "ownerPhone": "0512-6789 0000", "expectedJobs": 300
        })
    }

    fn refused(patch: Value) -> (String, String) {
        let mut b = body(valid());
        b.extend(body(patch));
        match ProjectForm::from_json(&b).and_then(|f| f.validate()).and_then(|p| p.complete().map(|_| p)) {
            Err(AppError::Field { field, reason }) => (field, reason),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_valid_form_is_complete_with_its_amounts_exact() {
        let p = ProjectForm::from_json(&body(valid())).unwrap().validate().unwrap();
        p.complete().unwrap();
        assert_eq!(p.total_investment, Some(Decimal::new(520005, 1)));
        assert_eq!(p.fixed_asset_investment, Some(Decimal::from(48000)));
        assert_eq!((p.is_key_project.as_str(), p.dept_id, p.construction_start_year), ("N", Some(7), Some(2026)));
    }

    #[test]
    fn a_draft_needs_only_what_places_it() {
        let draft = json!({ "projectName": "储备项目", "projectType": "01", "deptId": "7" });
        let p = ProjectForm::from_json(&body(draft)).unwrap().validate().unwrap();
        assert_eq!(p.project_status, "10", "a project enters as 储备 unless it says otherwise");
        assert_eq!(p.complete().unwrap_err().to_string(), AppError::field("projectSource", "提交审核前须填写项目来源").to_string());
    }

    #[test]
    fn each_bad_field_is_named_with_its_reason() {
        for (patch, field, reason) in [
            (json!({ "totalInvestment": "0" }), "totalInvestment", "计划总投资必须大于0"),
            (json!({ "totalInvestment": "-5" }), "totalInvestment", "不能为负数"),
            (json!({ "totalInvestment": "1.23456" }), "totalInvestment", "最多4位小数"),
            (json!({ "totalInvestment": null }), "totalInvestment", "提交审核前须填写计划总投资"),
            (json!({ "equipmentInvestment": "60000" }), "equipmentInvestment", "设备投资不能大于计划总投资"),
            (json!({ "fixedAssetInvestment": "52000.6" }), "fixedAssetInvestment", "固定资产投资不能大于计划总投资"),
            (json!({ "plannedCompletionDate": "2026-05-31" }), "plannedCompletionDate", "计划竣工日期不能早于计划开工日期"),
            (json!({ "constructionEndYear": 2025 }), "constructionEndYear", "建设截止年份不能早于起始年份"),
            (json!({ "enterpriseId": null, "ownerName": " " }), "enterpriseId", "请选择项目单位或填写项目单位名称"),
            (json!({ "projectStatus": "90" }), "projectStatus", "新入库的项目不能为停缓建或终止"),
            (json!({ "projectStatus": "77" }), "projectStatus", "不是有效的项目状态: 77"),
            (json!({ "signDate": null }), "signDate", "已签约的项目须填写签约日期"),
            (json!({ "projectStatus": "50" }), "actualStartDate", "在建的项目须填写实际开工日期"),
            (
                json!({ "projectStatus": "60", "actualStartDate": "2026-07-01", "actualCompletionDate": "2026-06-30" }),
                "actualCompletionDate",
                "实际竣工日期不能早于实际开工日期",
            ),
            (json!({ "deptId": "" }), "deptId", "不能为空"),
            (json!({ "ownerPhone": "call me" }), "ownerPhone", "不是有效的电话号码"),
            (json!({ "isKeyProject": "maybe" }), "isKeyProject", "取值应为 Y(是) 或 N(否)"),
            (json!({ "expectedJobs": "many" }), "expectedJobs", ""),
            (json!({ "approvalCode": "2026/01" }), "approvalCode", "投资项目代码只能包含字母、数字和连字符"),
            (json!({ "openingInvestment": "52000.6" }), "openingInvestment", "开工至上线累计投资不能大于计划总投资"),
            (json!({ "openingInvestment": "-1" }), "openingInvestment", "不能为负数"),
            (json!({ "openingInvestment": "100" }), "openingInvestment", "开工至上线累计投资只用于上线前已开工的项目"),
        ] {
            let (f, r) = refused(patch.clone());
            assert_eq!(f, field, "{patch}");
            if !reason.is_empty() {
                assert_eq!(r, reason, "{patch}");
            }
        }
    }

    #[test]
    fn a_local_expansion_needs_no_signing() {
        let p = ProjectForm::from_json(&body(json!({
            "projectName": "扩产", "projectType": "02", "deptId": "7", "projectSource": "2", "projectStatus": "40",
            "constructionNature": "3", "industryCode": "C38", "projectLevel": "5", "address": "东区", "constructionContent": "技改",
            "totalInvestment": "800", "enterpriseId": "5", "ownerContact": "王", "ownerPhone": "123"
        })))
        .unwrap()
        .validate()
        .unwrap();
        p.complete().unwrap();
    }

    #[test]
    fn key_projects_and_large_ones_are_tracked() {
        for (total, key, tracked) in [("4999.9999", "N", "N"), ("5000", "N", "Y"), ("100", "Y", "Y"), ("", "N", "N")] {
            let total = (!total.is_empty()).then(|| total.parse::<Decimal>().unwrap());
            assert_eq!(Project::tracked_by_rule(total, key), tracked, "{total:?} {key}");
        }
    }
}
