-- Authenticated GETs of the paths in KEEPER_PATHS (system service paths, space-separated), taken in turn
-- by each connection: the reads a page load of the SPA makes, from many users at once.
wrk.headers["Authorization"] = os.getenv("KEEPER_BASIC")
wrk.headers["Keeper-Auth"] = "bearer " .. os.getenv("KEEPER_TOKEN")

local paths = {}
for p in string.gmatch(os.getenv("KEEPER_PATHS"), "%S+") do
  paths[#paths + 1] = "/api/keeper-system/" .. p
end
local n = 0

request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
