-- An authenticated GET, as the SPA sends it.
wrk.headers["Authorization"] = os.getenv("KEEPER_BASIC")
wrk.headers["Keeper-Auth"] = "bearer " .. os.getenv("KEEPER_TOKEN")
