//! Fuzzes the `will-it-scale` parser: detection and a forced parse on any bytes.
#![no_main]
benchsite_fuzz::parser_target!("will-it-scale");
