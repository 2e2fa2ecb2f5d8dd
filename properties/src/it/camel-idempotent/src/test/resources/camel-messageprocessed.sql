-- Camel's table, as JdbcMessageIdRepository creates it
create table if not exists CAMEL_MESSAGEPROCESSED (
    processorName varchar(255),
    messageId     varchar(100),
    createdAt     timestamp,
    primary key (processorName, messageId)
);
