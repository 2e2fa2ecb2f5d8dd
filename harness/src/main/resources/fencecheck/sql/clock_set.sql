update fencecheck_clock.clock set instant = ?
