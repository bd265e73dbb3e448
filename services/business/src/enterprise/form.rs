//! The enterprise form of `enterprise/submit` and of each imported row, and its validation: every refusal
//! names the field and the reason. A form is always a whole record: on update the body is laid over the
//! current record first, so fields left out keep their values.
use chrono::NaiveDate;
use keeper_common::AppError;
use keeper_common::fields::trimmed;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{NO, YES, amount, coordinate, flag};
use crate::entity::enterprise;
use crate::reference::Reference;

/// The power types of a department that may be an enterprise's territory (属地): 管委会, 属地单位.
pub const PARK_POWER_TYPES: &[i32] = &[1, 2];
/// The power type of an industry department (行业主管部门).
pub const INDUSTRY_POWER_TYPES: &[i32] = &[3];

/// The `stat_category` key of 规上工业: an enterprise of that category is 规上 (above designated size).
pub const ABOVE_SCALE_CATEGORY: &str = "1";

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseForm {
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub id: Option<i64>,
    pub enterprise_name: Option<String>,
    pub short_name: Option<String>,
    pub credit_code: Option<String>,
    pub company_type: Option<String>,
    pub industry_code: Option<String>,
    pub leading_industry: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub dept_id: Option<i64>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub industry_dept_id: Option<i64>,
    pub legal_person: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub registered_capital: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::time::opt_day::deserialize")]
    pub establish_date: Option<NaiveDate>,
    pub registered_address: Option<String>,
    pub production_address: Option<String>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub longitude: Option<Decimal>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub latitude: Option<Decimal>,
    pub stat_category: Option<String>,
    pub above_scale_period: Option<String>,
    pub enterprise_scale: Option<String>,
    pub is_high_tech: Option<String>,
    pub specialized_level: Option<String>,
    pub is_listed: Option<String>,
    #[schemars(with = "Option<i32>")]
    #[serde(default, deserialize_with = "keeper_common::form::lenient_int::deserialize")]
    pub employee_count: Option<i32>,
    #[serde(default, deserialize_with = "keeper_common::decimal::opt_normal::deserialize")]
    pub land_area: Option<Decimal>,
    pub main_products: Option<String>,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub liaison_leader: Option<String>,
    #[schemars(with = "Option<String>")]
    #[serde(default, with = "keeper_common::id::opt_string")]
    pub liaison_dept_id: Option<i64>,
    pub operating_status: Option<String>,
    pub need_output_report: Option<String>,
    pub remark: Option<String>,
}

keeper_db::record! {
    /// A checked record: every editable column of `biz_enterprise`, all written on create and on update
    /// (the record is whole: an empty optional column is written as NULL).
    #[derive(Debug, Clone, Default, PartialEq)]
    pub struct Enterprise => enterprise::ActiveModel {
        pub enterprise_name: String,
        pub short_name: String,
        pub credit_code: String,
        pub company_type: String,
        pub industry_code: String,
        pub leading_industry: String,
        pub dept_id: Option<i64>,
        pub industry_dept_id: Option<i64>,
        pub legal_person: String,
        pub registered_capital: Option<Decimal>,
        pub establish_date: Option<NaiveDate>,
        pub registered_address: String,
        pub production_address: String,
        pub longitude: Option<Decimal>,
        pub latitude: Option<Decimal>,
        pub stat_category: String,
        pub is_above_scale: String,
        pub above_scale_period: String,
        pub enterprise_scale: String,
        pub is_high_tech: String,
        pub specialized_level: String,
        pub is_listed: String,
        pub employee_count: Option<i32>,
        pub land_area: Option<Decimal>,
        pub main_products: String,
        pub contact_name: String,
        pub contact_phone: String,
        pub liaison_leader: String,
        pub liaison_dept_id: Option<i64>,
        pub operating_status: String,
        pub need_output_report: String,
        pub remark: String,
    }
}

/// The 18-character unified social credit code (GB 32100-2015): its alphabet and its check character.
pub fn check_credit_code(code: &str) -> Result<(), &'static str> {
    const ALPHABET: &str = "0123456789ABCDEFGHJKLMNPQRTUWXY";
    const WEIGHTS: [u32; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    let values: Option<Vec<u32>> = code.chars().map(|c| ALPHABET.find(c).map(|i| i as u32)).collect();
    let Some(values) = values.filter(|v| v.len() == 18) else {
        return Err("应为18位数字或大写字母(不含 I、O、Z、S、V)");
    };
    let sum: u32 = values[..17].iter().zip(WEIGHTS).map(|(v, w)| v * w).sum();
    if (31 - sum % 31) % 31 != values[17] {
        return Err("校验位不正确");
    }
    Ok(())
}

impl EnterpriseForm {
    /// Reads a JSON body; a value of the wrong type is a field error naming that field.
    pub fn from_json(body: &Map<String, Value>) -> Result<EnterpriseForm, AppError> {
        keeper_common::form::from_json(body)
    }

    /// Checks every field on its own; references are checked by [`Enterprise::check_references`].
    pub fn validate(self) -> Result<Enterprise, AppError> {
        let credit_code = trimmed("creditCode", self.credit_code, 18, true)?.to_ascii_uppercase();
        check_credit_code(&credit_code).map_err(|r| AppError::field("creditCode", r))?;
        let stat_category = trimmed("statCategory", self.stat_category, 10, true)?;
        let is_above_scale = if stat_category == ABOVE_SCALE_CATEGORY { YES } else { NO };
        let above_scale_period = trimmed("aboveScalePeriod", self.above_scale_period, 7, false)?;
        if !above_scale_period.is_empty() && NaiveDate::parse_from_str(&format!("{above_scale_period}-01"), "%Y-%m-%d").is_err() {
            return Err(AppError::field("aboveScalePeriod", "格式应为 yyyy-MM"));
        }
        if is_above_scale == YES && above_scale_period.is_empty() {
            return Err(AppError::field("aboveScalePeriod", "规上工业企业须填写入规时间"));
        }
        if let Some(day) = self.establish_date {
            keeper_common::time::past_date("establishDate", day)?;
        }
        if self.employee_count.is_some_and(|n| !(0..=10_000_000).contains(&n)) {
            return Err(AppError::field("employeeCount", "应为 0 到 10000000 之间的整数"));
        }
        let contact_phone = trimmed("contactPhone", self.contact_phone, 30, true)?;
        if !contact_phone.chars().all(|c| c.is_ascii_digit() || "+- ".contains(c)) {
            return Err(AppError::field("contactPhone", "不是有效的电话号码"));
        }
        Ok(Enterprise {
            enterprise_name: trimmed("enterpriseName", self.enterprise_name, 100, true)?,
            short_name: trimmed("shortName", self.short_name, 50, false)?,
            credit_code,
            company_type: trimmed("companyType", self.company_type, 10, true)?,
            industry_code: trimmed("industryCode", self.industry_code, 10, true)?,
            leading_industry: trimmed("leadingIndustry", self.leading_industry, 20, false)?,
            dept_id: Some(self.dept_id.ok_or_else(|| AppError::field("deptId", "不能为空"))?),
            industry_dept_id: self.industry_dept_id,
            legal_person: trimmed("legalPerson", self.legal_person, 50, false)?,
            registered_capital: amount("registeredCapital", self.registered_capital, 14, 4)?,
            establish_date: self.establish_date,
            registered_address: trimmed("registeredAddress", self.registered_address, 200, false)?,
            production_address: trimmed("productionAddress", self.production_address, 200, false)?,
            longitude: coordinate("longitude", self.longitude, Decimal::from(181), 6)?,
            latitude: coordinate("latitude", self.latitude, Decimal::from(91), 6)?,
            stat_category,
            is_above_scale: is_above_scale.into(),
            above_scale_period,
            enterprise_scale: trimmed("enterpriseScale", self.enterprise_scale, 2, false)?,
            is_high_tech: flag("isHighTech", self.is_high_tech, NO)?,
            specialized_level: trimmed("specializedLevel", self.specialized_level, 2, false)?,
            is_listed: flag("isListed", self.is_listed, NO)?,
            employee_count: self.employee_count,
            land_area: amount("landArea", self.land_area, 10, 2)?,
            main_products: trimmed("mainProducts", self.main_products, 500, false)?,
            contact_name: trimmed("contactName", self.contact_name, 50, true)?,
            contact_phone,
            liaison_leader: trimmed("liaisonLeader", self.liaison_leader, 50, false)?,
            liaison_dept_id: self.liaison_dept_id,
            operating_status: trimmed("operatingStatus", self.operating_status, 2, true)?,
            // 规上 enterprises report their output monthly unless told otherwise.
            need_output_report: flag("needOutputReport", self.need_output_report, is_above_scale)?,
            remark: trimmed("remark", self.remark, 500, false)?,
        })
    }
}

impl Enterprise {
    /// Dictionary fields must hold keys of the tenant's dictionaries, departments its live departments
    /// of a power type that fits the field.
    pub fn check_references(&self, r: &Reference) -> Result<(), AppError> {
        for (field, code, key) in [
            ("companyType", "company_type", &self.company_type),
            ("industryCode", "industry", &self.industry_code),
            ("leadingIndustry", "industry_chain", &self.leading_industry),
            ("statCategory", "stat_category", &self.stat_category),
            ("enterpriseScale", "enterprise_scale", &self.enterprise_scale),
            ("specializedLevel", "specialized_level", &self.specialized_level),
            ("operatingStatus", "enterprise_status", &self.operating_status),
        ] {
            if !key.is_empty() && !r.has_key(code, key) {
                return Err(AppError::field(field, format!("不是有效的字典值: {key}")));
            }
        }
        for (field, id) in [("deptId", self.dept_id), ("industryDeptId", self.industry_dept_id), ("liaisonDeptId", self.liaison_dept_id)] {
            if let Some(id) = id
                && !r.has_dept(id)
            {
                return Err(AppError::field(field, format!("机构不存在: {id}")));
            }
        }
        // The territory is a 管委会 or 属地单位, the industry department a 行业主管部门 (domain-model §5.5):
        // data scope and the review route follow these two fields.
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A valid code for the 17 given characters.
    pub fn with_check(first17: &str) -> String {
        const ALPHABET: &str = "0123456789ABCDEFGHJKLMNPQRTUWXY";
        const WEIGHTS: [usize; 17] = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
        let sum: usize = first17.chars().zip(WEIGHTS).map(|(c, w)| ALPHABET.find(c).unwrap() * w).sum();
        format!("{first17}{}", ALPHABET.chars().nth((31 - sum % 31) % 31).unwrap())
    }

    fn body(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    fn valid() -> Value {
        json!({
            "enterpriseName": "东区精密制造有限公司", "creditCode": with_check("91320100MA1XYW123"),
            "companyType": "173", "industryCode": "C36", "deptId": "7", "statCategory": "1",
            "aboveScalePeriod": "2023-01", "contactName": "王工", "contactPhone": "0512-6666 8888",
            "operatingStatus": "1", "registeredCapital": 1200.5, "landArea": "35.25", "employeeCount": "120",
            "establishDate": "2015-03-01", "longitude": "120.123456", "latitude": 31.5
        })
    }

    #[test]
    fn credit_codes_are_checked_by_alphabet_length_and_check_character() {
        assert!(check_credit_code("91350100M000100Y43").is_ok(), "a published code");
        assert!(check_credit_code(&with_check("91320100MA1XYW123")).is_ok());
        assert_eq!(check_credit_code("91350100M000100Y44"), Err("校验位不正确"));
        assert!(check_credit_code("91350100M000100Y4").is_err());
        assert!(check_credit_code("91350100M000100I43").is_err(), "I is not in the alphabet");
    }

    #[test]
    fn a_valid_form_derives_the_above_scale_flag_and_defaults() {
        let e = EnterpriseForm::from_json(&body(valid())).unwrap().validate().unwrap();
        assert_eq!((e.is_above_scale.as_str(), e.need_output_report.as_str(), e.is_listed.as_str()), ("Y", "Y", "N"));
        assert_eq!(e.registered_capital, Some(Decimal::new(12005, 1)));
        assert_eq!(e.dept_id, Some(7));
        assert_eq!(e.employee_count, Some(120));
    }

    #[test]
    fn each_bad_field_is_named_with_its_reason() {
        let bad = |patch: Value| {
            let mut b = body(valid());
            b.extend(body(patch));
            match EnterpriseForm::from_json(&b).and_then(|f| f.validate()) {
                Err(AppError::Field { field, reason }) => (field, reason),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(bad(json!({ "creditCode": "123" })).0, "creditCode");
        assert_eq!(bad(json!({ "enterpriseName": " " })), ("enterpriseName".into(), "不能为空".into()));
        assert_eq!(bad(json!({ "aboveScalePeriod": "" })).0, "aboveScalePeriod");
        assert_eq!(bad(json!({ "aboveScalePeriod": "2023-13" })).0, "aboveScalePeriod");
        assert_eq!(bad(json!({ "registeredCapital": "-1" })), ("registeredCapital".into(), "不能为负数".into()));
        assert_eq!(bad(json!({ "landArea": "1.234" })), ("landArea".into(), "最多2位小数".into()));
        assert_eq!(bad(json!({ "latitude": 95 })).0, "latitude");
        assert_eq!(bad(json!({ "employeeCount": "abc" })).0, "employeeCount");
        assert_eq!(bad(json!({ "deptId": "x" })).0, "deptId");
        assert_eq!(bad(json!({ "deptId": "" })), ("deptId".into(), "不能为空".into()));
        assert_eq!(bad(json!({ "isListed": "maybe" })).0, "isListed");
        assert_eq!(bad(json!({ "contactPhone": "call me" })).0, "contactPhone");
        assert_eq!(bad(json!({ "establishDate": "2999-01-01" })).0, "establishDate");
        assert_eq!(bad(json!({ "remark": "长".repeat(501) })).0, "remark");
    }
}
