//! The tables, written by hand with the SQL types both backends share (Integer, BigInt,
//! Text, Bool, Double, Timestamp). Keep in step with `migrations/sqlite` and
//! `migrations/postgres`.

diesel::table! {
    tournaments (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        published -> Bool,
        decks -> Integer,
        rules -> Text,
        takeover_at -> Nullable<Integer>,
        bands -> Nullable<Text>,
        step -> Nullable<Integer>,
        bottom_multiplier -> Text,
        match_scoring -> Text,
        vp_blitz -> Double,
        win_points -> BigInt,
        draw_points -> BigInt,
        loss_points -> BigInt,
        bye_score -> BigInt,
        tiebreaks -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        pairing -> Text,
        swiss_seed -> Nullable<BigInt>,
        revision -> BigInt,
        table_entry -> Bool,
        table_approval -> Bool,
        table_codes -> Bool,
        correction_minutes -> Integer,
        publish_draw -> Bool,
        finished -> Bool,
        rated -> Bool,
    }
}

diesel::table! {
    teams (id) {
        id -> Integer,
        tournament_id -> Integer,
        team_no -> Integer,
        name -> Text,
        club -> Text,
        withdrawn -> Bool,
        table_code -> Nullable<Text>,
    }
}

diesel::table! {
    team_members (id) {
        id -> Integer,
        team_id -> Integer,
        position -> Integer,
        name -> Text,
        player_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    rounds (id) {
        id -> Integer,
        tournament_id -> Integer,
        number -> Integer,
        table_locked -> Bool,
        results_released -> Bool,
        draw_published -> Bool,
        cards_fixed -> Bool,
        dealt_by -> Nullable<Integer>,
    }
}

diesel::table! {
    deal_seeds (id) {
        id -> Integer,
        tournament_id -> Integer,
        position -> Integer,
        commitment -> Text,
        seed -> Nullable<Text>,
        revealed -> Bool,
        published_at -> Nullable<Timestamp>,
        rounds_recorded -> Bool,
    }
}

diesel::table! {
    boards (id) {
        id -> Integer,
        round_id -> Integer,
        number -> Integer,
        dealer -> Text,
        level -> Text,
        trump -> Nullable<Text>,
    }
}

diesel::table! {
    matches (id) {
        id -> Integer,
        round_id -> Integer,
        table_no -> Integer,
        home_team_id -> Integer,
        away_team_id -> Nullable<Integer>,
        version -> Integer,
    }
}

diesel::table! {
    table_results (id) {
        id -> Integer,
        match_id -> Integer,
        board_id -> Integer,
        room -> Text,
        trick_points -> Nullable<Integer>,
        bottom_points -> Nullable<Integer>,
        last_trick -> Nullable<Text>,
        combo -> Nullable<Text>,
        declarer_penalty -> Nullable<Integer>,
        defender_penalty -> Nullable<Integer>,
        ruling -> Nullable<Integer>,
        defender_total -> Nullable<Integer>,
    }
}

diesel::table! {
    pairing_explanations (id) {
        id -> Integer,
        round_id -> Integer,
        table_no -> Integer,
        home_team_no -> Integer,
        away_team_no -> Integer,
        home_rank -> Integer,
        away_rank -> Integer,
        home_score -> BigInt,
        away_score -> BigInt,
        reason -> Text,
        passed_over -> Nullable<Integer>,
        met_round -> Nullable<Integer>,
        from_score -> Nullable<BigInt>,
        seed -> Nullable<BigInt>,
    }
}

diesel::table! {
    round_notes (id) {
        id -> Integer,
        round_id -> Integer,
        kind -> Text,
        detail -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    table_links (id) {
        id -> Integer,
        match_id -> Integer,
        room -> Text,
        token -> Text,
        created_at -> Timestamp,
        ns_code -> Nullable<Text>,
        ew_code -> Nullable<Text>,
    }
}

diesel::table! {
    table_entries (id) {
        id -> Integer,
        match_id -> Integer,
        room -> Text,
        state -> Text,
        entered_by -> Text,
        confirmed_by -> Nullable<Text>,
        cells -> Text,
        flagged -> Text,
        note -> Text,
        submission -> Text,
        saves -> Integer,
        address -> Text,
        entered_at -> Timestamp,
        updated_at -> Timestamp,
        confirmed_at -> Nullable<Timestamp>,
        code_failures -> Integer,
        approved_at -> Nullable<Timestamp>,
        device -> Nullable<Text>,
        confirm_device -> Nullable<Text>,
    }
}

diesel::joinable!(teams -> tournaments (tournament_id));
diesel::joinable!(pairing_explanations -> rounds (round_id));
diesel::joinable!(round_notes -> rounds (round_id));
diesel::joinable!(team_members -> teams (team_id));
diesel::joinable!(rounds -> tournaments (tournament_id));
diesel::joinable!(boards -> rounds (round_id));
// matches has two references to teams, so only its round is joinable by default.
diesel::joinable!(matches -> rounds (round_id));
diesel::joinable!(table_results -> matches (match_id));
diesel::joinable!(table_results -> boards (board_id));
diesel::joinable!(table_links -> matches (match_id));
diesel::joinable!(table_entries -> matches (match_id));

diesel::allow_tables_to_appear_in_same_query!(
    tournaments,
    teams,
    team_members,
    rounds,
    boards,
    matches,
    table_results,
    pairing_explanations,
    round_notes,
    lineups,
    odd_result_settings,
    odd_result_checks,
    table_links,
    table_entries,
    stages,
);

// The whole field on a board (docs/rules.md §11): line-ups and odd-result checks.
diesel::table! {
    lineups (id) {
        id -> Integer,
        match_id -> Integer,
        room -> Text,
        team_id -> Integer,
        player1 -> Text,
        player2 -> Text,
        player1_id -> Nullable<BigInt>,
        player2_id -> Nullable<BigInt>,
        given_before -> Bool,
    }
}

diesel::table! {
    odd_result_settings (tournament_id) {
        tournament_id -> Integer,
        threshold -> Integer,
    }
}

diesel::table! {
    odd_result_checks (id) {
        id -> Integer,
        tournament_id -> Integer,
        flag -> Text,
        checked_by -> Text,
        checked_at -> Timestamp,
    }
}

diesel::joinable!(lineups -> matches (match_id));
diesel::joinable!(lineups -> teams (team_id));
diesel::joinable!(odd_result_settings -> tournaments (tournament_id));
diesel::joinable!(odd_result_checks -> tournaments (tournament_id));
diesel::table! {
    /// Form tokens already acted on (a double-submitted form acts once).
    form_tokens (token) {
        token -> Text,
        created_at -> Timestamp,
        ns_code -> Nullable<Text>,
        ew_code -> Nullable<Text>,
    }
}

// When and where a tournament is played (docs/rules.md §9, third round).
diesel::table! {
    tournament_occasions (tournament_id) {
        tournament_id -> Integer,
        starts -> Nullable<Text>,
        ends -> Nullable<Text>,
        venue -> Text,
        organiser -> Text,
        time_zone -> Nullable<Text>,
    }
}

diesel::joinable!(tournament_occasions -> tournaments (tournament_id));
// A championship's stages (docs/rules.md §12).
diesel::table! {
    stages (id) {
        id -> Integer,
        tournament_id -> Integer,
        position -> Integer,
        name -> Text,
        first_round -> Integer,
        last_round -> Integer,
        format -> Text,
        groups_list -> Nullable<Text>,
        teams -> Nullable<Integer>,
        segments -> Nullable<Text>,
        third_place -> Bool,
        carry_over -> BigInt,
        carry_over_h2h -> BigInt,
    }
}

diesel::joinable!(stages -> tournaments (tournament_id));
// The director's exchanges of a knockout stage (docs/rules.md §12).
diesel::table! {
    stage_exchanges (id) {
        id -> Integer,
        tournament_id -> Integer,
        stage_position -> Integer,
        position -> Integer,
        ko_round -> Integer,
        team_a -> Integer,
        team_b -> Integer,
        reason -> Text,
    }
}

diesel::joinable!(stage_exchanges -> tournaments (tournament_id));
// Deals (docs/rules.md §13): the cards of each board.
diesel::table! {
    deals (board_id) {
        board_id -> Integer,
        north -> Text,
        east -> Text,
        south -> Text,
        west -> Text,
        bottom -> Text,
    }
}

diesel::joinable!(deals -> boards (board_id));
diesel::allow_tables_to_appear_in_same_query!(deals, boards);
diesel::allow_tables_to_appear_in_same_query!(deals, rounds);
diesel::allow_tables_to_appear_in_same_query!(deals, tournaments);

// What each recent revision changed, when only some matches' results (db/revision.rs).
diesel::table! {
    revision_changes (tournament_id, revision, round_no, table_no) {
        tournament_id -> Integer,
        revision -> BigInt,
        round_no -> Integer,
        table_no -> Integer,
        previous_at -> Timestamp,
    }
}

diesel::joinable!(deal_seeds -> tournaments (tournament_id));
diesel::allow_tables_to_appear_in_same_query!(deal_seeds, tournaments);

// The player registry (docs/rules.md §14): every id ever issued, the players, their trail.
diesel::table! {
    player_ids (id) {
        id -> BigInt,
        merged_into -> Nullable<BigInt>,
        removed -> Bool,
    }
}

diesel::table! {
    players (id) {
        id -> BigInt,
        name -> Text,
        second_name -> Text,
        club -> Text,
        federation_no -> Text,
        public -> Bool,
    }
}

diesel::table! {
    player_audit (id) {
        id -> Integer,
        at -> Timestamp,
        user_name -> Text,
        action -> Text,
        subject -> Text,
        before -> Text,
        after -> Text,
    }
}

diesel::joinable!(team_members -> players (player_id));
diesel::allow_tables_to_appear_in_same_query!(players, team_members);
diesel::allow_tables_to_appear_in_same_query!(players, teams);
diesel::allow_tables_to_appear_in_same_query!(players, tournaments);
diesel::allow_tables_to_appear_in_same_query!(players, lineups);
diesel::allow_tables_to_appear_in_same_query!(players, matches);
diesel::allow_tables_to_appear_in_same_query!(players, rounds);

// The ratings as one run gives them, kept (docs/rules.md §14; derived, never copied).
diesel::table! {
    rating_events (position) {
        position -> Integer,
        tournament_id -> Integer,
        slug -> Text,
        ends -> Text,
        revision -> BigInt,
        changed_at -> Timestamp,
        rooms -> Text,
    }
}

diesel::table! {
    player_ratings (player_id) {
        player_id -> BigInt,
        rating -> Text,
        boards -> Integer,
    }
}

diesel::table! {
    rating_history (player_id, event_position) {
        player_id -> BigInt,
        event_position -> Integer,
        boards -> Integer,
        rating -> Text,
    }
}

diesel::allow_tables_to_appear_in_same_query!(rating_history, rating_events);
diesel::allow_tables_to_appear_in_same_query!(player_ratings, players);

// Series of tournaments (docs/rules.md §14).
diesel::table! {
    series (id) {
        id -> Integer,
        slug -> Text,
        name -> Text,
        count_best -> Nullable<Integer>,
    }
}

diesel::table! {
    series_events (tournament_id) {
        tournament_id -> Integer,
        series_id -> Integer,
        position -> Integer,
    }
}

diesel::joinable!(series_events -> series (series_id));
diesel::joinable!(series_events -> tournaments (tournament_id));
diesel::allow_tables_to_appear_in_same_query!(series, series_events);
diesel::allow_tables_to_appear_in_same_query!(series_events, tournaments);
diesel::allow_tables_to_appear_in_same_query!(series, tournaments);
diesel::allow_tables_to_appear_in_same_query!(tournament_occasions, tournaments);
