-- Sluice quickstart: two CSV files of this folder as tables, and three BI queries over them.
-- Run from the repository's root (paths are relative to the gateway's working directory):
--   bin/sluice-sql jdbc:sluice://127.0.0.1:8765 --run=docs/quickstart/quickstart.sql
create temporary table customers (customer_id INT, name STRING, region STRING) with ('connector' = 'filesystem', 'path' = 'docs/quickstart/customers.csv', 'format' = 'csv');
create temporary table orders (order_id INT, customer_id INT, order_date DATE, status STRING, amount DECIMAL(10, 2)) with ('connector' = 'filesystem', 'path' = 'docs/quickstart/orders.csv', 'format' = 'csv');
-- the five customers with the most revenue from shipped orders
select c.name, c.region, count(*) as orders, sum(o.amount) as revenue from orders o join customers c on o.customer_id = c.customer_id where o.status = 'shipped' group by c.name, c.region order by revenue desc limit 5;
-- revenue per region and month
select c.region, extract(month from o.order_date) as order_month, sum(o.amount) as revenue from orders o join customers c on o.customer_id = c.customer_id group by c.region, extract(month from o.order_date) order by c.region, order_month;
-- share of returned orders per region
select c.region, count(*) as orders, sum(case when o.status = 'returned' then 1 else 0 end) as returned from orders o join customers c on o.customer_id = c.customer_id group by c.region order by c.region;
