#!/usr/bin/env bash
# Exit 0 when something accepts TCP connections on HOST PORT.
(exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
