//! The OpenAPI 3.1 description of a service, built by the same calls that register its routes.
//!
//! A service lists its public routes on an [`Api`] (`api.get("/user/list", list).permission(&["user_view"])`),
//! which hands each one to actix and records it. What the description says about a route comes from the
//! handler's own types: the query, form, JSON or multipart extractors it takes give the parameters and
//! the body, `keeper_security::CurrentUser` gives the token requirement, and its answer type
//! (`Result<R<T>, AppError>`) gives the envelope with `T`'s schema. A route cannot be served without
//! being described, and a changed extractor changes the description with it. The schemas are JSON
//! Schema 2020-12 from `schemars`, which is what OpenAPI 3.1 uses.
//!
//! `/internal/**` routes are registered through [`Api::internal`] and stay out of the description: the
//! gateway never forwards there (architecture §1).
use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::{FromRequest, Handler, HttpRequest, HttpResponse, Responder, web};
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::{Map, Value, json};

use crate::{AppError, R};

/// The spreadsheet content type of every Excel export.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// A file of any type.
pub const BINARY: &str = "application/octet-stream";
/// The envelope and the OAuth answers.
pub const JSON: &str = "application/json";
/// A form body.
pub const FORM: &str = "application/x-www-form-urlencoded";

/// One documented route.
#[derive(Debug, Clone)]
pub struct Operation {
    pub method: Method,
    pub path: String,
    summary: Option<String>,
    /// Permission codes of which the caller needs one (`x-keeper-permission`).
    permissions: Vec<&'static str>,
    /// Only the platform administrator may call it (on top of the permission).
    administrator: bool,
    /// Needs a signed-in user (`Keeper-Auth`); every route needs the client credential at the gateway.
    pub signed_in: bool,
    parameters: Vec<Value>,
    /// The request body by content type.
    body: Vec<(String, Value)>,
    /// The success answer: its content type and schema.
    answer: (String, Value),
    /// The refusal's schema when it is not the envelope.
    failure: Option<Value>,
    /// The handler builds its answer by hand and the route has not said what it is yet.
    unstated_answer: bool,
}

impl Operation {
    fn new(method: Method, path: &str) -> Self {
        Operation {
            method,
            path: path.to_owned(),
            summary: None,
            permissions: Vec::new(),
            administrator: false,
            signed_in: false,
            parameters: Vec::new(),
            body: Vec::new(),
            answer: ("application/json".into(), Value::Bool(true)),
            failure: None,
            unstated_answer: false,
        }
    }

    /// A one-line description shown in the API docs.
    pub fn summary(&mut self, text: &str) -> &mut Self {
        self.summary = Some(text.to_owned());
        self
    }

    /// The permission codes that allow the route (any one of them; e.g. `user_add` or `user_edit` for a
    /// submit that creates or updates). The handler checks them; the description tells integrators.
    pub fn permission(&mut self, codes: &[&'static str]) -> &mut Self {
        self.permissions.extend_from_slice(codes);
        self
    }

    /// Only the platform administrator (the `administrator` role of tenant 000000) may call it.
    pub fn administrator(&mut self) -> &mut Self {
        self.administrator = true;
        self
    }

    /// The answer is a file of `content_type` (an Excel export, a captcha image) rather than JSON.
    pub fn file(&mut self, content_type: &str) -> &mut Self {
        self.unstated_answer = false;
        self.answer = (content_type.into(), json!({ "type": "string", "contentMediaType": content_type }));
        self
    }

    /// The body, for handlers that read the raw bytes themselves (`schema` from [`Api::schema`]).
    pub fn body(&mut self, content_type: &str, schema: Value) -> &mut Self {
        self.body.retain(|(ct, _)| ct != content_type);
        self.body.push((content_type.into(), schema));
        self
    }

    /// The success answer, for hand-built answers that are not the envelope (the OAuth token, say).
    pub fn answer(&mut self, content_type: &str, schema: Value) -> &mut Self {
        self.unstated_answer = false;
        self.answer = (content_type.into(), schema);
        self
    }

    /// The shape of a refusal, for the few routes whose contract is not the envelope.
    pub fn failure(&mut self, schema: Value) -> &mut Self {
        self.failure = Some(schema);
        self
    }

    /// A request header the route reads.
    pub fn header(&mut self, name: &str, description: &str) -> &mut Self {
        self.parameters
            .push(json!({ "name": name, "in": "header", "required": false, "description": description, "schema": { "type": "string" } }));
        self
    }

    /// The multipart fields of an upload: `file` is the uploaded file, the others are text.
    pub fn multipart(&mut self, file: &str, texts: &[(&str, &str)]) -> &mut Self {
        let mut properties = Map::new();
        properties.insert(file.into(), json!({ "type": "string", "contentMediaType": "application/octet-stream" }));
        for (name, description) in texts {
            properties.insert((*name).into(), json!({ "type": "string", "description": description }));
        }
        self.body = vec![("multipart/form-data".into(), json!({ "type": "object", "required": [file], "properties": properties }))];
        self
    }

    fn query<T: JsonSchema>(&mut self, generator: &mut SchemaGenerator) {
        let schema = T::json_schema(generator).to_value();
        let required: Vec<&str> =
            schema.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
        for (name, property) in properties {
            let mut property = property.clone();
            let description = property.as_object_mut().and_then(|p| p.remove("description"));
            let mut parameter = json!({
                "name": name,
                "in": "query",
                "required": required.contains(&name.as_str()),
                "schema": property,
            });
            if let Some(description) = description {
                parameter["description"] = description;
            }
            self.parameters.push(parameter);
        }
    }

    fn to_value(&self) -> Value {
        let mut op = Map::new();
        op.insert("operationId".into(), json!(format!("{} {}", self.method, self.path)));
        let tag = self.path.trim_start_matches('/').split('/').next().unwrap_or_default();
        op.insert("tags".into(), json!([tag]));
        if let Some(summary) = &self.summary {
            op.insert("summary".into(), json!(summary));
        }
        let mut description = Vec::new();
        if !self.permissions.is_empty() {
            op.insert("x-keeper-permission".into(), json!(self.permissions));
            let codes = self.permissions.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" or ");
            description.push(format!("Permission: {codes}."));
        }
        if self.administrator {
            op.insert("x-keeper-administrator".into(), json!(true));
            description.push("Platform administrator only.".into());
        }
        if !description.is_empty() {
            op.insert("description".into(), json!(description.join(" ")));
        }
        let security = if self.signed_in { json!([{ "client": [], "token": [] }]) } else { json!([{ "client": [] }]) };
        op.insert("security".into(), security);
        if !self.parameters.is_empty() {
            op.insert("parameters".into(), json!(self.parameters));
        }
        if !self.body.is_empty() {
            let content: Map<String, Value> = self.body.iter().map(|(ct, schema)| (ct.clone(), json!({ "schema": schema }))).collect();
            op.insert("requestBody".into(), json!({ "required": true, "content": content }));
        }
        let (content_type, schema) = &self.answer;
        let failure = self.failure.clone().unwrap_or_else(|| json!({ "$ref": "#/components/schemas/Failure" }));
        op.insert(
            "responses".into(),
            json!({
                "200": { "description": "OK", "content": { content_type: { "schema": schema } } },
                "default": {
                    "description": "Refused or failed: the HTTP status is the envelope's code, the message says why",
                    "content": { "application/json": { "schema": failure } }
                }
            }),
        );
        Value::Object(op)
    }
}

/// The routes of one service and the schemas they use.
///
/// Requests and answers are described by two generators: a type reads differently from how it is
/// written (a `#[serde(default)]` field may be left out of a request, a `skip_serializing_if` one is
/// left out of an answer), and schemars describes one side per generator.
pub struct Description {
    requests: SchemaGenerator,
    answers: SchemaGenerator,
    operations: Vec<Operation>,
}

impl Default for Description {
    fn default() -> Self {
        let settings = SchemaSettings::draft2020_12().with(|s| {
            s.definitions_path = "/components/schemas".into();
            s.meta_schema = None;
        });
        Description {
            requests: settings.clone().for_deserialize().into_generator(),
            answers: settings.for_serialize().into_generator(),
            operations: Vec::new(),
        }
    }
}

impl Description {
    /// The description of the routes `routes` registers, without serving them.
    pub fn of(routes: fn(&mut Api)) -> Self {
        let mut doc = Description::default();
        routes(&mut Api { cfg: None, doc: &mut doc });
        doc
    }

    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// What the description leaves unsaid, for a test to list: hand-built answers not stated, and
    /// signed-in routes without a permission code unless `open` names them (routes every signed-in user
    /// may call, such as their own profile).
    pub fn gaps(&self, open: &[&str]) -> Vec<String> {
        let mut gaps = Vec::new();
        for op in &self.operations {
            if op.unstated_answer {
                gaps.push(format!("{} {}: the answer is built by hand and not stated", op.method, op.path));
            }
            let open_to_all = open.contains(&op.path.as_str());
            if op.signed_in && op.permissions.is_empty() && !op.administrator && !open_to_all {
                gaps.push(format!("{} {}: no permission code", op.method, op.path));
            }
            if open_to_all && !op.permissions.is_empty() {
                gaps.push(format!("{} {}: listed as open but has a permission code", op.method, op.path));
            }
        }
        gaps
    }

    /// The OpenAPI 3.1 document; `title` names the service.
    pub fn to_openapi(&mut self, title: &str) -> Value {
        let mut schemas = self.answers.take_definitions(true);
        // A request type whose answer-side schema differs under the same name is renamed `<name>Input`.
        let mut renamed: BTreeMap<String, String> = BTreeMap::new();
        for (name, schema) in self.requests.take_definitions(true) {
            match schemas.get(&name) {
                Some(existing) if *existing != schema => {
                    renamed.insert(name.clone(), format!("{name}Input"));
                    schemas.insert(format!("{name}Input"), schema);
                }
                _ => {
                    schemas.insert(name, schema);
                }
            }
        }
        schemas.insert("Failure".into(), failure_schema());
        let mut paths: BTreeMap<&str, Map<String, Value>> = BTreeMap::new();
        for op in &self.operations {
            let mut value = op.to_value();
            for key in ["parameters", "requestBody"] {
                if let Some(part) = value.get_mut(key) {
                    rename_schema_refs(part, &|name| renamed.get(name).cloned());
                }
            }
            paths.entry(op.path.as_str()).or_default().insert(op.method.as_str().to_ascii_lowercase(), value);
        }
        for name in renamed.values() {
            if let Some(schema) = schemas.get_mut(name) {
                rename_schema_refs(schema, &|name| renamed.get(name).cloned());
            }
        }
        json!({
            "openapi": "3.1.0",
            "info": {
                "title": title,
                "version": env!("CARGO_PKG_VERSION"),
                "description": "Every answer is the envelope `{code, success, msg, data}`; an error answers with the HTTP status of its `code`."
            },
            "paths": paths,
            "components": {
                "schemas": schemas,
                "securitySchemes": {
                    "client": { "type": "http", "scheme": "basic", "description": "The OAuth client (`Authorization: Basic base64(clientId:secret)`)" },
                    "token": { "type": "apiKey", "in": "header", "name": "Keeper-Auth", "description": "`bearer <access token>` from /keeper-auth/oauth/token" }
                }
            }
        })
    }
}

/// For each service's own test: its routes are described without gaps (see [`Description::gaps`]).
pub fn assert_described(routes: fn(&mut Api), open: &[&str]) {
    let doc = Description::of(routes);
    assert!(!doc.operations().is_empty(), "no routes");
    assert_eq!(doc.gaps(open), Vec::<String>::new());
}

/// Points every `$ref` to `#/components/schemas/<name>` in `v` at the schema `rename` names instead
/// (left alone where it answers `None`): used for the request schemas renamed here and by the gateway,
/// which prefixes each service's schemas when it merges their descriptions.
pub fn rename_schema_refs(v: &mut Value, rename: &impl Fn(&str) -> Option<String>) {
    match v {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match value {
                    Value::String(s) if key == "$ref" => {
                        if let Some(new) = s.strip_prefix("#/components/schemas/").and_then(rename) {
                            *s = format!("#/components/schemas/{new}");
                        }
                    }
                    _ => rename_schema_refs(value, rename),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| rename_schema_refs(item, rename)),
        _ => {}
    }
}

/// The envelope of a refusal: the error's message and, for a bad field, which field.
fn failure_schema() -> Value {
    json!({
        "type": "object",
        "required": ["code", "success", "msg"],
        "properties": {
            "code": { "type": "integer", "minimum": 400, "maximum": 599 },
            "success": { "const": false },
            "msg": { "type": "string" },
            "data": true
        }
    })
}

/// Where a service lists its routes: served when it has an actix config, described always.
pub struct Api<'a> {
    cfg: Option<&'a mut web::ServiceConfig>,
    doc: &'a mut Description,
}

impl<'a> Api<'a> {
    /// Registers the routes on `cfg`; the description collected alongside is dropped.
    pub fn serve(cfg: &mut web::ServiceConfig, routes: fn(&mut Api)) {
        let mut doc = Description::default();
        routes(&mut Api { cfg: Some(cfg), doc: &mut doc });
    }

    pub fn get<F, Args>(&mut self, path: &str, handler: F) -> &mut Operation
    where
        F: Handler<Args>,
        Args: FromRequest + DocArgs + 'static,
        F::Output: Responder + DocAnswer + 'static,
    {
        self.route(Method::GET, path, handler)
    }

    pub fn post<F, Args>(&mut self, path: &str, handler: F) -> &mut Operation
    where
        F: Handler<Args>,
        Args: FromRequest + DocArgs + 'static,
        F::Output: Responder + DocAnswer + 'static,
    {
        self.route(Method::POST, path, handler)
    }

    fn route<F, Args>(&mut self, method: Method, path: &str, handler: F) -> &mut Operation
    where
        F: Handler<Args>,
        Args: FromRequest + DocArgs + 'static,
        F::Output: Responder + DocAnswer + 'static,
    {
        assert!(!is_internal(path), "{path}: service-to-service routes go through Api::internal");
        if let Some(cfg) = self.cfg.as_deref_mut() {
            cfg.route(path, web::method(method.clone()).to(handler));
        }
        let mut op = Operation::new(method, path);
        // Serving, the description is dropped: each worker need not generate the schemas.
        if self.cfg.is_none() {
            Args::document(&mut op, &mut self.doc.requests);
            F::Output::document(&mut op, &mut self.doc.answers);
        }
        self.doc.operations.push(op);
        self.doc.operations.last_mut().expect("just pushed")
    }

    /// The schema of `T` as a request reads it (a reference when it is named), for [`Operation::body`].
    pub fn schema<T: JsonSchema>(&mut self) -> Value {
        self.doc.requests.subschema_for::<T>().to_value()
    }

    /// The schema of `T` as an answer writes it, for [`Operation::answer`].
    pub fn answer_schema<T: JsonSchema>(&mut self) -> Value {
        self.doc.answers.subschema_for::<T>().to_value()
    }

    /// Service-to-service routes (`/internal/**`): served, never described.
    pub fn internal(&mut self, path: &'static str, route: actix_web::Route) -> &mut Self {
        assert!(is_internal(path), "{path} is not under /internal");
        if let Some(cfg) = self.cfg.as_deref_mut() {
            cfg.route(path, route);
        }
        self
    }

    /// An internal route with its own settings (a larger body limit, say).
    pub fn internal_resource(&mut self, path: &'static str, build: impl FnOnce(actix_web::Resource) -> actix_web::Resource) -> &mut Self {
        assert!(is_internal(path), "{path} is not under /internal");
        if let Some(cfg) = self.cfg.as_deref_mut() {
            cfg.service(build(web::resource(path)));
        }
        self
    }
}

fn is_internal(path: &str) -> bool {
    path.starts_with("/internal/")
}

/// What an extractor tells the description.
pub trait DocArg {
    fn document(_op: &mut Operation, _generator: &mut SchemaGenerator) {}
}

/// The extractors of a handler, as a tuple.
pub trait DocArgs {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator);
}

macro_rules! doc_args {
    ($($t:ident),*) => {
        impl<$($t: DocArg),*> DocArgs for ($($t,)*) {
            #[allow(unused_variables)]
            fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
                $($t::document(op, generator);)*
            }
        }
    };
}
doc_args!();
doc_args!(A);
doc_args!(A, B);
doc_args!(A, B, C);
doc_args!(A, B, C, D);
doc_args!(A, B, C, D, E);
doc_args!(A, B, C, D, E, G);

impl<T: ?Sized> DocArg for web::Data<T> {}
impl DocArg for HttpRequest {}
impl DocArg for web::Payload {}
/// A raw body: the handler parses it and the route names its shape with [`Operation::body`].
impl DocArg for web::Bytes {}

impl<T: JsonSchema> DocArg for web::Query<T> {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        op.query::<T>(generator);
    }
}

impl<T: JsonSchema> DocArg for web::Form<T> {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        op.body = vec![(FORM.into(), generator.subschema_for::<T>().to_value())];
    }
}

impl<T: JsonSchema> DocArg for web::Json<T> {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        op.body = vec![(JSON.into(), generator.subschema_for::<T>().to_value())];
    }
}

impl DocArg for actix_multipart::Multipart {
    fn document(op: &mut Operation, _generator: &mut SchemaGenerator) {
        if op.body.is_empty() {
            op.multipart("file", &[]);
        }
    }
}

/// Marks the route as needing a signed-in user; implemented by the extractor that checks the token.
pub fn signed_in(op: &mut Operation) {
    op.signed_in = true;
}

/// What a handler's answer tells the description.
pub trait DocAnswer {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator);
}

impl<T: DocAnswer> DocAnswer for Result<T, AppError> {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        T::document(op, generator);
    }
}

impl<T: serde::Serialize + JsonSchema> DocAnswer for R<T> {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        op.answer = ("application/json".into(), generator.subschema_for::<R<T>>().to_value());
    }
}

/// The same envelope, serialised ahead (`envelope::Rendered`).
impl<T: serde::Serialize + JsonSchema> DocAnswer for crate::envelope::Rendered<T> {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        R::<T>::document(op, generator);
    }
}

/// A hand-built answer: the route states it with [`Operation::file`] or [`Operation::answer`]
/// ([`Description::gaps`] lists the ones that did not).
impl DocAnswer for HttpResponse {
    fn document(op: &mut Operation, generator: &mut SchemaGenerator) {
        op.answer = ("application/json".into(), generator.subschema_for::<R<Value>>().to_value());
        op.unstated_answer = true;
    }
}

impl<T: serde::Serialize + JsonSchema> JsonSchema for R<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("R_{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let data = generator.subschema_for::<T>();
        json_schema!({
            "type": "object",
            "required": ["code", "success", "msg", "data"],
            "properties": {
                "code": { "const": 200 },
                "success": { "const": true },
                "msg": { "type": "string" },
                "data": data
            }
        })
    }
}
