-- Issue 20: written by hand while the area is built; its snapshot is generated before it lands.
SELECT 1;
