-- Signed-in users browsing: KEEPER_USERS holds one entry per user, `token|path path ...` separated by `;`
-- (the paths each may read). Each request is one user's next page, asked after a think time of 0.5–1.5 s
-- (a busy clerk clicking through the screens), so 200 connections are 200 people, not 200 loops.
local basic = os.getenv("KEEPER_BASIC")
local users = {}
for spec in string.gmatch(os.getenv("KEEPER_USERS"), "[^;]+") do
  local token, rest = spec:match("([^|]+)|(.*)")
  local paths = {}
  for p in rest:gmatch("%S+") do
    paths[#paths + 1] = p
  end
  users[#users + 1] = { headers = { ["Authorization"] = basic, ["Keeper-Auth"] = "bearer " .. token }, paths = paths }
end

local n = 0

function setup(thread)
  thread:set("offset", math.random(1, 1000))
end

function init(args)
  n = offset or 0
  math.randomseed(os.time() + n)
end

function delay()
  return math.random(500, 1500)
end

request = function()
  n = n + 1
  local user = users[(n % #users) + 1]
  local path = user.paths[(math.floor(n / #users) % #user.paths) + 1]
  return wrk.format("GET", path, user.headers)
end
