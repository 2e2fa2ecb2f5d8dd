-- Names the library table's held column (or none), after its registration.
update fencecheck_kit_locks
   set held_column = fencecheck_kit_column(:lock_table::regclass, :held_column)
 where lock_table = :lock_table::regclass::text
returning lock_table
