-- Registers a scheduler's firing table and declares its triggers (runs/schema.sql).
select fencecheck_kit_register_firings(:firing_table, :key_columns, :key_separator, :firing_id_column, :held_column)
