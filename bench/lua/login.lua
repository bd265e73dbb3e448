-- The password grant of the SPA's login form, over and over for the same account.
wrk.method = "POST"
wrk.headers["Authorization"] = os.getenv("KEEPER_BASIC")
wrk.headers["Tenant-Id"] = "000000"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.body = "tenantId=000000&username=admin&grant_type=password&scope=all&password=" .. os.getenv("KEEPER_PASSWORD_MD5")
