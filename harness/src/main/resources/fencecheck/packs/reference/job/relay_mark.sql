-- After the consumer took the message: marked, so the relay moves on.
update outbox
   set delivered = true
 where id = :outbox_id::bigint
