//! Fuzzes the `interbench` parser: detection and a forced parse on any bytes.
#![no_main]
benchsite_fuzz::parser_target!("interbench");
