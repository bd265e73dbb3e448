// Swagger UI over the gateway's merged description (served at /api/docs outside the prod profile).
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
  });
});
