DROP TABLE stages;
