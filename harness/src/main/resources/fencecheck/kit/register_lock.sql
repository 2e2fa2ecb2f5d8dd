-- Registers the library's lock table (and, with new_lease, declares form (b)'s trigger on it).
select fencecheck_kit_register(:lock_table, :name_column, :owner_column, :until_column, :new_lease, :when_set::boolean,
                               :when_ended::boolean, :valid_through_end::boolean, :last_renewal::boolean)
