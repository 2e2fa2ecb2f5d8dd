-- Camel's table, as JdbcMessageIdRepository's createString declares it (Camel creates it on start when missing;
-- here it exists first, so the kit can register it). The token, its fence and the sinks are fencecheck's kit.
create table if not exists camel_messageprocessed (
    processorName varchar(255),
    messageId     varchar(100),
    createdAt     timestamp,
    primary key (processorName, messageId)
);
