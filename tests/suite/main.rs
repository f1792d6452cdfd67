//! The integration tests, one binary: each file below was its own test
//! crate, and linking forty release binaries of the library cost CI about
//! eight minutes of its two cores. They run as `suite::<file>::<test>`.

mod atlas;
mod census_trust;
mod cli;
mod coins;
mod common;
mod contract;
mod contract_round2;
mod cram;
mod cram_certificate;
mod estimates_and_outputs;
mod explorer;
mod formats;
mod fuzz_corpus;
mod golden;
mod graph;
mod impartial_core;
mod layers;
mod misere;
mod misere_census;
mod misere_quotient;
mod misere_quotients;
mod monorail;
mod monorail_board;
mod monorail_board_cli;
mod monorail_engine;
mod monorail_remoteness;
mod monorail_resume;
mod monorail_t20_report;
mod monorail_trust;
mod octal;
mod octal_census;
mod octal_plots;
mod octal_repeating;
mod octal_table;
mod octal_trust;
mod properties;
mod readme_numbers;
mod sum;
mod sum_families;
mod treblecross;
