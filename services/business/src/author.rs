//! Who writes: the audit author (`keeper_db::base::Author`) of a signed-in caller, stamped on the rows they
//! create, change or remove (as `services/system/src/author.rs`).
use keeper_db::base::Author;
use keeper_security::CurrentUser;

/// The caller writing now; their first department is recorded as a new row's creating department.
pub fn of(me: &CurrentUser) -> Author<'_> {
    Author::now(&me.tenant_id, me.user_id, me.dept_ids.first().copied())
}
