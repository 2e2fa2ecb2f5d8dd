-- Form (b): which of the library's calls runs next on this session (acquire,
-- renew or release), and the lease length it asks for, for the kit's trigger
-- to read while the library's statements run: a row change a renew or a
-- release makes is never a new lease, and a lease whose until column holds its
-- last renewal ends this length after it. Session settings: they hold until the
-- next call marks its own.
select set_config('fencecheck_kit.call', :call, false),
       set_config('fencecheck_kit.lease_micros', :lease_micros, false)
