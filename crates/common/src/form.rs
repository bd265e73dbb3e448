//! Small input types shared by handlers: the `ids=1,2,3` form of remove-style endpoints.
use serde::Deserialize;

use crate::error::AppError;

#[derive(Debug, Deserialize)]
pub struct IdsForm {
    pub ids: String,
}

impl IdsForm {
    pub fn parse(&self) -> Result<Vec<i64>, AppError> {
        let ids = crate::id::parse_list(&self.ids).map_err(|r| AppError::field("ids", r))?;
        if ids.is_empty() {
            return Err(AppError::field("ids", "不能为空"));
        }
        Ok(ids)
    }
}

#[derive(Debug, Deserialize)]
pub struct IdQuery {
    pub id: String,
}

impl IdQuery {
    pub fn parse(&self) -> Result<i64, AppError> {
        crate::id::parse(&self.id).ok_or_else(|| AppError::field("id", "不是有效的ID"))
    }
}
