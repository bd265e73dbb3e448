-- A GET without a token, as the public big screen's page sends it.
wrk.headers["Accept"] = "application/json"
