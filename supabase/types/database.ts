export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      admin_audit_log: {
        Row: {
          action: string;
          actor_email: string | null;
          actor_id: string | null;
          after: Json | null;
          before: Json | null;
          created_at: string;
          id: number;
          target_id: string | null;
          target_type: string;
        };
        ComputedFields: never;
        Insert: {
          action: string;
          actor_email?: string | null;
          actor_id?: string | null;
          after?: Json | null;
          before?: Json | null;
          created_at?: string;
          id?: never;
          target_id?: string | null;
          target_type: string;
        };
        Update: {
          action?: string;
          actor_email?: string | null;
          actor_id?: string | null;
          after?: Json | null;
          before?: Json | null;
          created_at?: string;
          id?: never;
          target_id?: string | null;
          target_type?: string;
        };
        Relationships: [];
      };
      agent_integrations: {
        Row: {
          agent_id: string;
          config: NonNullable<Json>;
          connected_at: string | null;
          created_at: string;
          disconnected_at: string | null;
          enabled: boolean;
          kind: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          config?: NonNullable<Json>;
          connected_at?: string | null;
          created_at?: string;
          disconnected_at?: string | null;
          enabled?: boolean;
          kind: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          config?: NonNullable<Json>;
          connected_at?: string | null;
          created_at?: string;
          disconnected_at?: string | null;
          enabled?: boolean;
          kind?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'agent_integrations_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      agent_locations: {
        Row: {
          address: string;
          agent_id: string;
          display_name: string | null;
          geocoded_at: string;
          latitude: number | null;
          longitude: number | null;
          status: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          address: string;
          agent_id: string;
          display_name?: string | null;
          geocoded_at?: string;
          latitude?: number | null;
          longitude?: number | null;
          status: string;
          user_id: string;
        };
        Update: {
          address?: string;
          agent_id?: string;
          display_name?: string | null;
          geocoded_at?: string;
          latitude?: number | null;
          longitude?: number | null;
          status?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'agent_locations_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      agent_secrets: {
        Row: {
          agent_id: string;
          connector_signing_secret: string;
          created_at: string;
          google_calendar_access_token: string | null;
          google_calendar_refresh_token: string | null;
          google_calendar_token_expires_at: string | null;
          updated_at: string;
          web_widget_signing_key: string | null;
          whatsapp_account_sid: string | null;
          whatsapp_auth_token: string | null;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          connector_signing_secret?: string;
          created_at?: string;
          google_calendar_access_token?: string | null;
          google_calendar_refresh_token?: string | null;
          google_calendar_token_expires_at?: string | null;
          updated_at?: string;
          web_widget_signing_key?: string | null;
          whatsapp_account_sid?: string | null;
          whatsapp_auth_token?: string | null;
        };
        Update: {
          agent_id?: string;
          connector_signing_secret?: string;
          created_at?: string;
          google_calendar_access_token?: string | null;
          google_calendar_refresh_token?: string | null;
          google_calendar_token_expires_at?: string | null;
          updated_at?: string;
          web_widget_signing_key?: string | null;
          whatsapp_account_sid?: string | null;
          whatsapp_auth_token?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'agent_secrets_agent_id_fkey';
            columns: ['agent_id'];
            isOneToOne: true;
            referencedRelation: 'agents';
            referencedColumns: ['id'];
          },
        ];
      };
      agent_subdomain_redirects: {
        Row: {
          agent_id: string;
          created_at: string;
          expires_at: string;
          old_subdomain: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          created_at?: string;
          expires_at: string;
          old_subdomain: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          created_at?: string;
          expires_at?: string;
          old_subdomain?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'agent_subdomain_redirects_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      agents: {
        Row: {
          address: string | null;
          avatar_url: string | null;
          branding: NonNullable<Json>;
          capabilities: string[];
          category: string | null;
          company_name: string | null;
          created_at: string;
          default_language: string;
          description: string;
          directory_listed: boolean;
          email: string | null;
          google_business_connected: boolean;
          google_business_id: string | null;
          id: string;
          name: string;
          phone: string | null;
          phone_voice_mode: string | null;
          sector: string | null;
          sub_sector: string | null;
          subdomain: string | null;
          tools: NonNullable<Json>;
          transfer_number: string | null;
          updated_at: string;
          user_id: string;
          version: number;
          voice: string;
          voice_idle_seconds: number;
          voice_max_call_seconds: number;
          website: string | null;
          whatsapp_voice_replies: boolean;
        };
        ComputedFields: never;
        Insert: {
          address?: string | null;
          avatar_url?: string | null;
          branding?: NonNullable<Json>;
          capabilities?: string[];
          category?: string | null;
          company_name?: string | null;
          created_at?: string;
          default_language?: string;
          description?: string;
          directory_listed?: boolean;
          email?: string | null;
          google_business_connected?: boolean;
          google_business_id?: string | null;
          id?: string;
          name: string;
          phone?: string | null;
          phone_voice_mode?: string | null;
          sector?: string | null;
          sub_sector?: string | null;
          subdomain?: string | null;
          tools?: NonNullable<Json>;
          transfer_number?: string | null;
          updated_at?: string;
          user_id: string;
          version?: number;
          voice?: string;
          voice_idle_seconds?: number;
          voice_max_call_seconds?: number;
          website?: string | null;
          whatsapp_voice_replies?: boolean;
        };
        Update: {
          address?: string | null;
          avatar_url?: string | null;
          branding?: NonNullable<Json>;
          capabilities?: string[];
          category?: string | null;
          company_name?: string | null;
          created_at?: string;
          default_language?: string;
          description?: string;
          directory_listed?: boolean;
          email?: string | null;
          google_business_connected?: boolean;
          google_business_id?: string | null;
          id?: string;
          name?: string;
          phone?: string | null;
          phone_voice_mode?: string | null;
          sector?: string | null;
          sub_sector?: string | null;
          subdomain?: string | null;
          tools?: NonNullable<Json>;
          transfer_number?: string | null;
          updated_at?: string;
          user_id?: string;
          version?: number;
          voice?: string;
          voice_idle_seconds?: number;
          voice_max_call_seconds?: number;
          website?: string | null;
          whatsapp_voice_replies?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'agents_sector_fkey';
            columns: ['sector'];
            isOneToOne: false;
            referencedRelation: 'sectors';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'agents_sub_sector_fkey';
            columns: ['sub_sector'];
            isOneToOne: false;
            referencedRelation: 'sub_sectors';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'agents_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      analytics_events: {
        Row: {
          agent_id: string | null;
          category: string | null;
          id: number;
          name: string;
          page_path: string | null;
          properties: NonNullable<Json>;
          session_id: string | null;
          timestamp: string;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          agent_id?: string | null;
          category?: string | null;
          id?: never;
          name: string;
          page_path?: string | null;
          properties?: NonNullable<Json>;
          session_id?: string | null;
          timestamp?: string;
          user_id?: string | null;
        };
        Update: {
          agent_id?: string | null;
          category?: string | null;
          id?: never;
          name?: string;
          page_path?: string | null;
          properties?: NonNullable<Json>;
          session_id?: string | null;
          timestamp?: string;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'analytics_events_agent_id_fkey';
            columns: ['agent_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'analytics_events_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      analytics_metrics: {
        Row: {
          agent_id: string | null;
          dimensions: NonNullable<Json>;
          id: number;
          name: string;
          timestamp: string;
          user_id: string | null;
          value: number;
        };
        ComputedFields: never;
        Insert: {
          agent_id?: string | null;
          dimensions?: NonNullable<Json>;
          id?: never;
          name: string;
          timestamp?: string;
          user_id?: string | null;
          value: number;
        };
        Update: {
          agent_id?: string | null;
          dimensions?: NonNullable<Json>;
          id?: never;
          name?: string;
          timestamp?: string;
          user_id?: string | null;
          value?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'analytics_metrics_agent_id_fkey';
            columns: ['agent_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'analytics_metrics_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      appointments: {
        Row: {
          agent_id: string;
          conversation_id: string | null;
          created_at: string;
          description: string;
          duration_minutes: number;
          google_event_id: string | null;
          google_sync_error: string | null;
          google_sync_status: string | null;
          google_synced_at: string | null;
          id: string;
          starts_at_time: string;
          starts_on: string;
          status: string;
          time_zone: string;
          title: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          conversation_id?: string | null;
          created_at?: string;
          description?: string;
          duration_minutes: number;
          google_event_id?: string | null;
          google_sync_error?: string | null;
          google_sync_status?: string | null;
          google_synced_at?: string | null;
          id?: string;
          starts_at_time: string;
          starts_on: string;
          status?: string;
          time_zone: string;
          title: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          conversation_id?: string | null;
          created_at?: string;
          description?: string;
          duration_minutes?: number;
          google_event_id?: string | null;
          google_sync_error?: string | null;
          google_sync_status?: string | null;
          google_synced_at?: string | null;
          id?: string;
          starts_at_time?: string;
          starts_on?: string;
          status?: string;
          time_zone?: string;
          title?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'appointments_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'appointments_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
        ];
      };
      billing_events: {
        Row: {
          amount_cents: number | null;
          checkout_ref: string | null;
          credits: number | null;
          credits_shortfall: number | null;
          credits_taken: number | null;
          currency: string | null;
          id: string;
          kind: string;
          pack_id: string | null;
          payment_ref: string | null;
          processed_at: string;
          type: string;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          amount_cents?: number | null;
          checkout_ref?: string | null;
          credits?: number | null;
          credits_shortfall?: number | null;
          credits_taken?: number | null;
          currency?: string | null;
          id: string;
          kind?: string;
          pack_id?: string | null;
          payment_ref?: string | null;
          processed_at?: string;
          type: string;
          user_id?: string | null;
        };
        Update: {
          amount_cents?: number | null;
          checkout_ref?: string | null;
          credits?: number | null;
          credits_shortfall?: number | null;
          credits_taken?: number | null;
          currency?: string | null;
          id?: string;
          kind?: string;
          pack_id?: string | null;
          payment_ref?: string | null;
          processed_at?: string;
          type?: string;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'billing_events_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      calendar_hours: {
        Row: {
          agent_id: string;
          closes_at: string;
          created_at: string;
          id: string;
          opens_at: string;
          user_id: string;
          weekday: number;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          closes_at: string;
          created_at?: string;
          id?: string;
          opens_at: string;
          user_id: string;
          weekday: number;
        };
        Update: {
          agent_id?: string;
          closes_at?: string;
          created_at?: string;
          id?: string;
          opens_at?: string;
          user_id?: string;
          weekday?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'calendar_hours_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      calendar_settings: {
        Row: {
          agent_id: string;
          google_calendar_id: string | null;
          slot_minutes: number;
          time_zone: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          google_calendar_id?: string | null;
          slot_minutes?: number;
          time_zone?: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          google_calendar_id?: string | null;
          slot_minutes?: number;
          time_zone?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'calendar_settings_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      calls: {
        Row: {
          agent_name: string | null;
          answered_at: string | null;
          assigned_agent: string | null;
          attached_at: string | null;
          billable_minutes: number | null;
          call_sid: string | null;
          caller_audio_at: string | null;
          caller_key: string | null;
          conversation_id: string | null;
          created_at: string;
          credits_charged: number;
          direction: string;
          download_url: string | null;
          duration: number;
          ended_at: string | null;
          ended_reason: string | null;
          file_name: string | null;
          file_size: number | null;
          format: string | null;
          from_number: string | null;
          hangup_attempts: number;
          id: string;
          installation_id: string | null;
          is_mobile_compatible: boolean;
          is_public: boolean;
          kind: string;
          last_seen_at: string | null;
          max_duration_seconds: number;
          mime_type: string | null;
          phone_number_id: string | null;
          provider_call_id: string | null;
          provider_hung_up_at: string | null;
          recording_channels: number | null;
          recording_duration: number | null;
          recording_path: string | null;
          recording_sid: string | null;
          recording_url: string | null;
          settled_at: string | null;
          source: string;
          status: string;
          timestamp: string;
          to_number: string | null;
          transferred_at: string | null;
          transferred_to: string | null;
          twilio_duration: number | null;
          uncharged_reason: string | null;
          user_id: string;
          voice_mode: string | null;
        };
        ComputedFields: never;
        Insert: {
          agent_name?: string | null;
          answered_at?: string | null;
          assigned_agent?: string | null;
          attached_at?: string | null;
          billable_minutes?: never;
          call_sid?: string | null;
          caller_audio_at?: string | null;
          caller_key?: never;
          conversation_id?: string | null;
          created_at?: string;
          credits_charged?: number;
          direction?: string;
          download_url?: string | null;
          duration?: number;
          ended_at?: string | null;
          ended_reason?: string | null;
          file_name?: string | null;
          file_size?: number | null;
          format?: string | null;
          from_number?: string | null;
          hangup_attempts?: number;
          id?: string;
          installation_id?: string | null;
          is_mobile_compatible?: boolean;
          is_public?: boolean;
          kind?: string;
          last_seen_at?: string | null;
          max_duration_seconds?: number;
          mime_type?: string | null;
          phone_number_id?: string | null;
          provider_call_id?: string | null;
          provider_hung_up_at?: string | null;
          recording_channels?: number | null;
          recording_duration?: number | null;
          recording_path?: string | null;
          recording_sid?: string | null;
          recording_url?: string | null;
          settled_at?: string | null;
          source?: string;
          status?: string;
          timestamp?: string;
          to_number?: string | null;
          transferred_at?: string | null;
          transferred_to?: string | null;
          twilio_duration?: number | null;
          uncharged_reason?: string | null;
          user_id: string;
          voice_mode?: string | null;
        };
        Update: {
          agent_name?: string | null;
          answered_at?: string | null;
          assigned_agent?: string | null;
          attached_at?: string | null;
          billable_minutes?: never;
          call_sid?: string | null;
          caller_audio_at?: string | null;
          caller_key?: never;
          conversation_id?: string | null;
          created_at?: string;
          credits_charged?: number;
          direction?: string;
          download_url?: string | null;
          duration?: number;
          ended_at?: string | null;
          ended_reason?: string | null;
          file_name?: string | null;
          file_size?: number | null;
          format?: string | null;
          from_number?: string | null;
          hangup_attempts?: number;
          id?: string;
          installation_id?: string | null;
          is_mobile_compatible?: boolean;
          is_public?: boolean;
          kind?: string;
          last_seen_at?: string | null;
          max_duration_seconds?: number;
          mime_type?: string | null;
          phone_number_id?: string | null;
          provider_call_id?: string | null;
          provider_hung_up_at?: string | null;
          recording_channels?: number | null;
          recording_duration?: number | null;
          recording_path?: string | null;
          recording_sid?: string | null;
          recording_url?: string | null;
          settled_at?: string | null;
          source?: string;
          status?: string;
          timestamp?: string;
          to_number?: string | null;
          transferred_at?: string | null;
          transferred_to?: string | null;
          twilio_duration?: number | null;
          uncharged_reason?: string | null;
          user_id?: string;
          voice_mode?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'calls_assigned_agent_user_id_fkey';
            columns: ['assigned_agent', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'calls_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'calls_phone_number_id_fkey';
            columns: ['phone_number_id'];
            isOneToOne: false;
            referencedRelation: 'phone_numbers';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'calls_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      connector_deliveries: {
        Row: {
          agent_id: string;
          attempts: number;
          conversation_ended_at: string;
          conversation_id: string;
          created_at: string;
          delivered_at: string | null;
          error: string | null;
          id: string;
          kind: string;
          last_attempt_at: string | null;
          next_attempt_at: string;
          status: string;
          status_code: number | null;
          updated_at: string;
          url: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          attempts?: number;
          conversation_ended_at: string;
          conversation_id: string;
          created_at?: string;
          delivered_at?: string | null;
          error?: string | null;
          id?: string;
          kind: string;
          last_attempt_at?: string | null;
          next_attempt_at?: string;
          status?: string;
          status_code?: number | null;
          updated_at?: string;
          url: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          attempts?: number;
          conversation_ended_at?: string;
          conversation_id?: string;
          created_at?: string;
          delivered_at?: string | null;
          error?: string | null;
          id?: string;
          kind?: string;
          last_attempt_at?: string | null;
          next_attempt_at?: string;
          status?: string;
          status_code?: number | null;
          updated_at?: string;
          url?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'connector_deliveries_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'connector_deliveries_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
        ];
      };
      contacts: {
        Row: {
          created_at: string;
          email: string | null;
          favorite: boolean;
          first_name: string;
          id: string;
          last_contact_date: string | null;
          last_name: string;
          notes: string;
          phone: string | null;
          search_text: string | null;
          total_call_duration: number;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          email?: string | null;
          favorite?: boolean;
          first_name?: string;
          id?: string;
          last_contact_date?: string | null;
          last_name?: string;
          notes?: string;
          phone?: string | null;
          search_text?: never;
          total_call_duration?: number;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          email?: string | null;
          favorite?: boolean;
          first_name?: string;
          id?: string;
          last_contact_date?: string | null;
          last_name?: string;
          notes?: string;
          phone?: string | null;
          search_text?: never;
          total_call_duration?: number;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'contacts_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      conversations: {
        Row: {
          agent_id: string | null;
          channel: string;
          contact_id: string | null;
          ended_at: string | null;
          id: string;
          language: string | null;
          last_message_at: string;
          person_key: string | null;
          rated_at: string | null;
          rating: number | null;
          satisfaction: number | null;
          started_at: string;
          user_id: string;
          visitor_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          agent_id?: string | null;
          channel: string;
          contact_id?: string | null;
          ended_at?: string | null;
          id?: string;
          language?: string | null;
          last_message_at?: string;
          person_key?: never;
          rated_at?: string | null;
          rating?: number | null;
          satisfaction?: number | null;
          started_at?: string;
          user_id: string;
          visitor_id?: string | null;
        };
        Update: {
          agent_id?: string | null;
          channel?: string;
          contact_id?: string | null;
          ended_at?: string | null;
          id?: string;
          language?: string | null;
          last_message_at?: string;
          person_key?: never;
          rated_at?: string | null;
          rating?: number | null;
          satisfaction?: number | null;
          started_at?: string;
          user_id?: string;
          visitor_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'conversations_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'conversations_contact_id_fkey';
            columns: ['contact_id'];
            isOneToOne: false;
            referencedRelation: 'contacts';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'conversations_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      credit_ledger: {
        Row: {
          amount: number;
          call_id: string | null;
          created_at: string;
          description: string | null;
          id: number;
          pack_id: string | null;
          type: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          amount: number;
          call_id?: string | null;
          created_at?: string;
          description?: string | null;
          id?: never;
          pack_id?: string | null;
          type: string;
          user_id: string;
        };
        Update: {
          amount?: number;
          call_id?: string | null;
          created_at?: string;
          description?: string | null;
          id?: never;
          pack_id?: string | null;
          type?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'credit_ledger_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      customer_interactions: {
        Row: {
          agent_id: string;
          channel: string | null;
          conversation_id: string | null;
          created_at: string;
          customer_id: string;
          id: string;
          summary: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          channel?: string | null;
          conversation_id?: string | null;
          created_at?: string;
          customer_id: string;
          id?: string;
          summary: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          channel?: string | null;
          conversation_id?: string | null;
          created_at?: string;
          customer_id?: string;
          id?: string;
          summary?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'customer_interactions_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'customer_interactions_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'customer_interactions_customer_id_fkey';
            columns: ['customer_id'];
            isOneToOne: false;
            referencedRelation: 'customers';
            referencedColumns: ['id'];
          },
        ];
      };
      customers: {
        Row: {
          agent_id: string;
          created_at: string;
          email: string | null;
          id: string;
          name: string;
          notes: string;
          phone: string | null;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string;
          notes?: string;
          phone?: string | null;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string;
          notes?: string;
          phone?: string | null;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'customers_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      interactions: {
        Row: {
          agent_id: string;
          config: NonNullable<Json>;
          created_at: string;
          enabled: boolean;
          id: string;
          instructions: NonNullable<Json>;
          name: string;
          sort_order: number;
          type: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          config?: NonNullable<Json>;
          created_at?: string;
          enabled?: boolean;
          id?: string;
          instructions?: NonNullable<Json>;
          name?: string;
          sort_order?: number;
          type: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          config?: NonNullable<Json>;
          created_at?: string;
          enabled?: boolean;
          id?: string;
          instructions?: NonNullable<Json>;
          name?: string;
          sort_order?: number;
          type?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'interactions_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      inventory_items: {
        Row: {
          agent_id: string;
          created_at: string;
          description: string;
          id: string;
          location: string | null;
          low_stock_threshold: number;
          name: string;
          price: number | null;
          quantity: number;
          reserved: number;
          sku: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          created_at?: string;
          description?: string;
          id?: string;
          location?: string | null;
          low_stock_threshold?: number;
          name: string;
          price?: number | null;
          quantity?: number;
          reserved?: number;
          sku: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          created_at?: string;
          description?: string;
          id?: string;
          location?: string | null;
          low_stock_threshold?: number;
          name?: string;
          price?: number | null;
          quantity?: number;
          reserved?: number;
          sku?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'inventory_items_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      knowledge_chunks: {
        Row: {
          agent_id: string;
          chunk_index: number;
          content: string;
          created_at: string;
          document_id: string;
          embedding: string | null;
          fts: unknown;
          id: number;
          token_count: number | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          chunk_index: number;
          content: string;
          created_at?: string;
          document_id: string;
          embedding?: string | null;
          fts?: never;
          id?: never;
          token_count?: number | null;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          chunk_index?: number;
          content?: string;
          created_at?: string;
          document_id?: string;
          embedding?: string | null;
          fts?: never;
          id?: never;
          token_count?: number | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'knowledge_chunks_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'knowledge_chunks_document_id_fkey';
            columns: ['document_id'];
            isOneToOne: false;
            referencedRelation: 'knowledge_documents';
            referencedColumns: ['id'];
          },
        ];
      };
      knowledge_documents: {
        Row: {
          agent_id: string;
          chunk_count: number;
          created_at: string;
          embedding_model: string | null;
          error: string | null;
          error_code: string | null;
          id: string;
          name: string;
          processed_at: string | null;
          progress: number;
          size_bytes: number | null;
          status: string;
          storage_path: string | null;
          type: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          chunk_count?: number;
          created_at?: string;
          embedding_model?: string | null;
          error?: string | null;
          error_code?: string | null;
          id?: string;
          name: string;
          processed_at?: string | null;
          progress?: number;
          size_bytes?: number | null;
          status?: string;
          storage_path?: string | null;
          type: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          chunk_count?: number;
          created_at?: string;
          embedding_model?: string | null;
          error?: string | null;
          error_code?: string | null;
          id?: string;
          name?: string;
          processed_at?: string | null;
          progress?: number;
          size_bytes?: number | null;
          status?: string;
          storage_path?: string | null;
          type?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'knowledge_documents_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      messages: {
        Row: {
          agent_id: string | null;
          channel: string | null;
          citations: Json | null;
          content: string;
          conversation_id: string;
          id: string;
          language: string | null;
          metadata: NonNullable<Json>;
          question_key: string | null;
          role: string;
          timestamp: string;
          tool_calls: Json | null;
          user_id: string;
          verified: boolean;
        };
        ComputedFields: never;
        Insert: {
          agent_id?: string | null;
          channel?: never;
          citations?: Json | null;
          content?: string;
          conversation_id: string;
          id?: string;
          language?: string | null;
          metadata?: NonNullable<Json>;
          question_key?: never;
          role: string;
          timestamp?: string;
          tool_calls?: Json | null;
          user_id: string;
          verified?: boolean;
        };
        Update: {
          agent_id?: string | null;
          channel?: never;
          citations?: Json | null;
          content?: string;
          conversation_id?: string;
          id?: string;
          language?: string | null;
          metadata?: NonNullable<Json>;
          question_key?: never;
          role?: string;
          timestamp?: string;
          tool_calls?: Json | null;
          user_id?: string;
          verified?: boolean;
        };
        Relationships: [
          {
            foreignKeyName: 'messages_agent_id_fkey';
            columns: ['agent_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'messages_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'messages_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      notification_emails: {
        Row: {
          attempts: number;
          claimed_until: string | null;
          created_at: string;
          data: Json | null;
          dedupe_key: string | null;
          id: string;
          kind: string;
          last_error: string | null;
          next_attempt_at: string;
          notification_id: string | null;
          sent_at: string | null;
          status: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          attempts?: number;
          claimed_until?: string | null;
          created_at?: string;
          data?: Json | null;
          dedupe_key?: string | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          notification_id?: string | null;
          sent_at?: string | null;
          status?: string;
          user_id: string;
        };
        Update: {
          attempts?: number;
          claimed_until?: string | null;
          created_at?: string;
          data?: Json | null;
          dedupe_key?: string | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          notification_id?: string | null;
          sent_at?: string | null;
          status?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notification_emails_notification_id_fkey';
            columns: ['notification_id'];
            isOneToOne: true;
            referencedRelation: 'notifications';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'notification_emails_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      notifications: {
        Row: {
          created_at: string;
          data: NonNullable<Json>;
          id: string;
          kind: string;
          read_at: string | null;
          route: string;
          source_id: string | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          data?: NonNullable<Json>;
          id?: string;
          kind: string;
          read_at?: string | null;
          route: string;
          source_id?: string | null;
          user_id: string;
        };
        Update: {
          created_at?: string;
          data?: NonNullable<Json>;
          id?: string;
          kind?: string;
          read_at?: string | null;
          route?: string;
          source_id?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notifications_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      orders: {
        Row: {
          agent_id: string;
          conversation_id: string | null;
          created_at: string;
          currency: string;
          customer_id: string | null;
          id: string;
          items: NonNullable<Json>;
          status: string;
          total: number | null;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          conversation_id?: string | null;
          created_at?: string;
          currency?: string;
          customer_id?: string | null;
          id?: string;
          items?: NonNullable<Json>;
          status?: string;
          total?: number | null;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          conversation_id?: string | null;
          created_at?: string;
          currency?: string;
          customer_id?: string | null;
          id?: string;
          items?: NonNullable<Json>;
          status?: string;
          total?: number | null;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'orders_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'orders_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'orders_customer_id_fkey';
            columns: ['customer_id'];
            isOneToOne: false;
            referencedRelation: 'customers';
            referencedColumns: ['id'];
          },
        ];
      };
      outbound_messages: {
        Row: {
          agent_id: string;
          body: string;
          channel: string;
          conversation_id: string | null;
          created_at: string;
          error: string | null;
          id: string;
          provider: string | null;
          provider_id: string | null;
          recipient: string;
          scheduled_for: string | null;
          status: string;
          subject: string | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          body: string;
          channel: string;
          conversation_id?: string | null;
          created_at?: string;
          error?: string | null;
          id?: string;
          provider?: string | null;
          provider_id?: string | null;
          recipient: string;
          scheduled_for?: string | null;
          status: string;
          subject?: string | null;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          body?: string;
          channel?: string;
          conversation_id?: string | null;
          created_at?: string;
          error?: string | null;
          id?: string;
          provider?: string | null;
          provider_id?: string | null;
          recipient?: string;
          scheduled_for?: string | null;
          status?: string;
          subject?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'outbound_messages_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'outbound_messages_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
        ];
      };
      packs: {
        Row: {
          active: boolean;
          ai_call_summary: string;
          created_at: string;
          credits: number;
          crm_integrations: string | null;
          feature_list: string[];
          id: string;
          max_agents: number;
          minutes: number;
          monthly_credits: number;
          monthly_price: number;
          name: string;
          sort_order: number;
          support: string;
          transcription: boolean;
          updated_at: string;
          users: number;
          voice_cloning: string;
          whatsapp_conversations: number;
          yearly_price: number;
        };
        ComputedFields: never;
        Insert: {
          active?: boolean;
          ai_call_summary?: string;
          created_at?: string;
          credits?: number;
          crm_integrations?: string | null;
          feature_list?: string[];
          id: string;
          max_agents?: number;
          minutes?: number;
          monthly_credits?: number;
          monthly_price?: number;
          name: string;
          sort_order?: number;
          support?: string;
          transcription?: boolean;
          updated_at?: string;
          users?: number;
          voice_cloning?: string;
          whatsapp_conversations?: number;
          yearly_price?: number;
        };
        Update: {
          active?: boolean;
          ai_call_summary?: string;
          created_at?: string;
          credits?: number;
          crm_integrations?: string | null;
          feature_list?: string[];
          id?: string;
          max_agents?: number;
          minutes?: number;
          monthly_credits?: number;
          monthly_price?: number;
          name?: string;
          sort_order?: number;
          support?: string;
          transcription?: boolean;
          updated_at?: string;
          users?: number;
          voice_cloning?: string;
          whatsapp_conversations?: number;
          yearly_price?: number;
        };
        Relationships: [];
      };
      payment_links: {
        Row: {
          agent_id: string;
          amount: number;
          conversation_id: string | null;
          created_at: string;
          currency: string;
          customer_id: string | null;
          id: string;
          provider: string;
          provider_id: string;
          url: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          amount: number;
          conversation_id?: string | null;
          created_at?: string;
          currency: string;
          customer_id?: string | null;
          id?: string;
          provider: string;
          provider_id: string;
          url: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          amount?: number;
          conversation_id?: string | null;
          created_at?: string;
          currency?: string;
          customer_id?: string | null;
          id?: string;
          provider?: string;
          provider_id?: string;
          url?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'payment_links_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'payment_links_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payment_links_customer_id_fkey';
            columns: ['customer_id'];
            isOneToOne: false;
            referencedRelation: 'customers';
            referencedColumns: ['id'];
          },
        ];
      };
      phone_number_assignments: {
        Row: {
          agent_id: string;
          assigned_at: string;
          phone_number_id: string;
          user_id: string;
          whatsapp: NonNullable<Json>;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          assigned_at?: string;
          phone_number_id: string;
          user_id: string;
          whatsapp?: NonNullable<Json>;
        };
        Update: {
          agent_id?: string;
          assigned_at?: string;
          phone_number_id?: string;
          user_id?: string;
          whatsapp?: NonNullable<Json>;
        };
        Relationships: [
          {
            foreignKeyName: 'phone_number_assignments_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'phone_number_assignments_phone_number_id_user_id_fkey';
            columns: ['phone_number_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'phone_numbers';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      phone_number_releases: {
        Row: {
          attempts: number;
          claimed_until: string | null;
          id: string;
          kind: string;
          last_error: string | null;
          next_attempt_at: string;
          phone_number: string | null;
          provider_sid: string | null;
          reason: string;
          released_at: string | null;
          requested_at: string;
          sender_sid: string | null;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          attempts?: number;
          claimed_until?: string | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          phone_number?: string | null;
          provider_sid?: string | null;
          reason?: string;
          released_at?: string | null;
          requested_at?: string;
          sender_sid?: string | null;
          user_id?: string | null;
        };
        Update: {
          attempts?: number;
          claimed_until?: string | null;
          id?: string;
          kind?: string;
          last_error?: string | null;
          next_attempt_at?: string;
          phone_number?: string | null;
          provider_sid?: string | null;
          reason?: string;
          released_at?: string | null;
          requested_at?: string;
          sender_sid?: string | null;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'phone_number_releases_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      phone_numbers: {
        Row: {
          added_at: string;
          address_requirements: string | null;
          capabilities: NonNullable<Json>;
          country_code: string | null;
          id: string;
          locality: string | null;
          phone_number: string;
          provider_sid: string | null;
          updated_at: string;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          added_at?: string;
          address_requirements?: string | null;
          capabilities?: NonNullable<Json>;
          country_code?: string | null;
          id?: string;
          locality?: string | null;
          phone_number: string;
          provider_sid?: string | null;
          updated_at?: string;
          user_id?: string | null;
        };
        Update: {
          added_at?: string;
          address_requirements?: string | null;
          capabilities?: NonNullable<Json>;
          country_code?: string | null;
          id?: string;
          locality?: string | null;
          phone_number?: string;
          provider_sid?: string | null;
          updated_at?: string;
          user_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'phone_numbers_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      phone_provider_resources: {
        Row: {
          created_at: string;
          id: string;
          kind: string;
          phone_number: string | null;
          provider_sid: string | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          kind: string;
          phone_number?: string | null;
          provider_sid?: string | null;
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          kind?: string;
          phone_number?: string | null;
          provider_sid?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'phone_provider_resources_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      platform_settings: {
        Row: {
          chat_model: string;
          created_at: string;
          default_language: string;
          gsm_call_model: string;
          id: string;
          internal_call_model: string;
          smtp_port: number;
          updated_at: string;
          whatsapp_model: string;
        };
        ComputedFields: never;
        Insert: {
          chat_model?: string;
          created_at?: string;
          default_language?: string;
          gsm_call_model?: string;
          id?: string;
          internal_call_model?: string;
          smtp_port?: number;
          updated_at?: string;
          whatsapp_model?: string;
        };
        Update: {
          chat_model?: string;
          created_at?: string;
          default_language?: string;
          gsm_call_model?: string;
          id?: string;
          internal_call_model?: string;
          smtp_port?: number;
          updated_at?: string;
          whatsapp_model?: string;
        };
        Relationships: [];
      };
      profiles: {
        Row: {
          agent_name: string | null;
          avatar: string | null;
          created_at: string;
          credits: number;
          descriptif: string | null;
          email: string | null;
          email_verified: boolean;
          has_free_pack_activated: boolean;
          id: string;
          is_admin: boolean;
          lang: string;
          last_login: string | null;
          name: string;
          notify_desktop_conversations: boolean;
          notify_desktop_failed_calls: boolean;
          notify_desktop_low_credit: boolean;
          notify_email_alerts: boolean;
          notify_feature_announcements: boolean;
          notify_usage_reports: boolean;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          agent_name?: string | null;
          avatar?: string | null;
          created_at?: string;
          credits?: number;
          descriptif?: string | null;
          email?: string | null;
          email_verified?: boolean;
          has_free_pack_activated?: boolean;
          id: string;
          is_admin?: boolean;
          lang?: string;
          last_login?: string | null;
          name?: string;
          notify_desktop_conversations?: boolean;
          notify_desktop_failed_calls?: boolean;
          notify_desktop_low_credit?: boolean;
          notify_email_alerts?: boolean;
          notify_feature_announcements?: boolean;
          notify_usage_reports?: boolean;
          updated_at?: string;
        };
        Update: {
          agent_name?: string | null;
          avatar?: string | null;
          created_at?: string;
          credits?: number;
          descriptif?: string | null;
          email?: string | null;
          email_verified?: boolean;
          has_free_pack_activated?: boolean;
          id?: string;
          is_admin?: boolean;
          lang?: string;
          last_login?: string | null;
          name?: string;
          notify_desktop_conversations?: boolean;
          notify_desktop_failed_calls?: boolean;
          notify_desktop_low_credit?: boolean;
          notify_email_alerts?: boolean;
          notify_feature_announcements?: boolean;
          notify_usage_reports?: boolean;
          updated_at?: string;
        };
        Relationships: [];
      };
      prompt_backups: {
        Row: {
          agent_id: string;
          created_at: string;
          description: string | null;
          id: string;
          name: string;
          system_prompt: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          created_at?: string;
          description?: string | null;
          id?: string;
          name: string;
          system_prompt: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agent_id?: string;
          created_at?: string;
          description?: string | null;
          id?: string;
          name?: string;
          system_prompt?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'prompt_backups_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
      recording_annotations: {
        Row: {
          call_id: string;
          call_kind: string;
          edited_at: string;
          id: string;
          notes: string;
          rubric: NonNullable<Json>;
          tags: string[];
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          call_id: string;
          call_kind: string;
          edited_at: string;
          id?: string;
          notes?: string;
          rubric?: NonNullable<Json>;
          tags?: string[];
          updated_at?: string;
          user_id: string;
        };
        Update: {
          call_id?: string;
          call_kind?: string;
          edited_at?: string;
          id?: string;
          notes?: string;
          rubric?: NonNullable<Json>;
          tags?: string[];
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'recording_annotations_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      recording_checksums: {
        Row: {
          computed_at: string;
          path: string;
          sha256: string;
          size: number;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          computed_at?: string;
          path: string;
          sha256: string;
          size: number;
          user_id: string;
        };
        Update: {
          computed_at?: string;
          path?: string;
          sha256?: string;
          size?: number;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'recording_checksums_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      sectors: {
        Row: {
          created_at: string;
          id: string;
          name: string;
          name_fr: string;
          sort_order: number;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id: string;
          name: string;
          name_fr: string;
          sort_order?: number;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          name?: string;
          name_fr?: string;
          sort_order?: number;
          updated_at?: string;
        };
        Relationships: [];
      };
      site_config: {
        Row: {
          created_at: string;
          favicon: string | null;
          id: string;
          meta_description: string | null;
          meta_title: string | null;
          og_description: string | null;
          og_image: string | null;
          og_title: string | null;
          twitter_card: string;
          twitter_description: string | null;
          twitter_image: string | null;
          twitter_title: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          favicon?: string | null;
          id?: string;
          meta_description?: string | null;
          meta_title?: string | null;
          og_description?: string | null;
          og_image?: string | null;
          og_title?: string | null;
          twitter_card?: string;
          twitter_description?: string | null;
          twitter_image?: string | null;
          twitter_title?: string | null;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          favicon?: string | null;
          id?: string;
          meta_description?: string | null;
          meta_title?: string | null;
          og_description?: string | null;
          og_image?: string | null;
          og_title?: string | null;
          twitter_card?: string;
          twitter_description?: string | null;
          twitter_image?: string | null;
          twitter_title?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      sub_sectors: {
        Row: {
          created_at: string;
          id: string;
          name: string;
          name_fr: string;
          sector_id: string;
          sort_order: number;
          system_prompt: string;
          system_prompt_fr: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id: string;
          name: string;
          name_fr: string;
          sector_id: string;
          sort_order?: number;
          system_prompt: string;
          system_prompt_fr: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          name?: string;
          name_fr?: string;
          sector_id?: string;
          sort_order?: number;
          system_prompt?: string;
          system_prompt_fr?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'sub_sectors_sector_id_fkey';
            columns: ['sector_id'];
            isOneToOne: false;
            referencedRelation: 'sectors';
            referencedColumns: ['id'];
          },
        ];
      };
      subscription_usage: {
        Row: {
          agents_created: number;
          credits_used: number;
          id: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          agents_created?: number;
          credits_used?: number;
          id?: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          agents_created?: number;
          credits_used?: number;
          id?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'subscription_usage_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: true;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean;
          created_at: string;
          current_period_end: string;
          current_period_start: string;
          id: string;
          pack_id: string;
          status: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          cancel_at_period_end?: boolean;
          created_at?: string;
          current_period_end?: string;
          current_period_start?: string;
          id?: string;
          pack_id: string;
          status?: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          cancel_at_period_end?: boolean;
          created_at?: string;
          current_period_end?: string;
          current_period_start?: string;
          id?: string;
          pack_id?: string;
          status?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'subscriptions_pack_id_fkey';
            columns: ['pack_id'];
            isOneToOne: false;
            referencedRelation: 'packs';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'subscriptions_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      tool_catalogue: {
        Row: {
          created_at: string;
          default_config: NonNullable<Json>;
          description: string;
          description_fr: string;
          enabled: boolean;
          function_definition: NonNullable<Json>;
          icon: string;
          id: string;
          name: string;
          name_fr: string;
          sort_order: number;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          default_config?: NonNullable<Json>;
          description?: string;
          description_fr?: string;
          enabled?: boolean;
          function_definition: NonNullable<Json>;
          icon?: string;
          id: string;
          name: string;
          name_fr?: string;
          sort_order?: number;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          default_config?: NonNullable<Json>;
          description?: string;
          description_fr?: string;
          enabled?: boolean;
          function_definition?: NonNullable<Json>;
          icon?: string;
          id?: string;
          name?: string;
          name_fr?: string;
          sort_order?: number;
          updated_at?: string;
        };
        Relationships: [];
      };
      whatsapp_messages: {
        Row: {
          assigned_agent: string | null;
          contact_number: string | null;
          content_sid: string | null;
          conversation_id: string | null;
          created_at: string;
          direction: string;
          error_code: number | null;
          error_message: string | null;
          from_number: string;
          id: string;
          media: NonNullable<Json>;
          message_id: string;
          message_sid: string | null;
          not_sent_reason: string | null;
          profile_name: string | null;
          sent_by_owner: boolean;
          status: string | null;
          status_updated_at: string | null;
          timestamp: string;
          to_number: string | null;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          assigned_agent?: string | null;
          contact_number?: never;
          content_sid?: string | null;
          conversation_id?: string | null;
          created_at?: string;
          direction?: string;
          error_code?: number | null;
          error_message?: string | null;
          from_number: string;
          id?: string;
          media?: NonNullable<Json>;
          message_id: string;
          message_sid?: string | null;
          not_sent_reason?: string | null;
          profile_name?: string | null;
          sent_by_owner?: boolean;
          status?: string | null;
          status_updated_at?: string | null;
          timestamp?: string;
          to_number?: string | null;
          user_id: string;
        };
        Update: {
          assigned_agent?: string | null;
          contact_number?: never;
          content_sid?: string | null;
          conversation_id?: string | null;
          created_at?: string;
          direction?: string;
          error_code?: number | null;
          error_message?: string | null;
          from_number?: string;
          id?: string;
          media?: NonNullable<Json>;
          message_id?: string;
          message_sid?: string | null;
          not_sent_reason?: string | null;
          profile_name?: string | null;
          sent_by_owner?: boolean;
          status?: string | null;
          status_updated_at?: string | null;
          timestamp?: string;
          to_number?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'whatsapp_messages_assigned_agent_user_id_fkey';
            columns: ['assigned_agent', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
          {
            foreignKeyName: 'whatsapp_messages_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'whatsapp_messages_message_id_fkey';
            columns: ['message_id'];
            isOneToOne: false;
            referencedRelation: 'messages';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'whatsapp_messages_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'profiles';
            referencedColumns: ['id'];
          },
        ];
      };
      whatsapp_template_choices: {
        Row: {
          agent_id: string;
          content_sid: string;
          friendly_name: string;
          updated_at: string;
          user_id: string;
          variables: NonNullable<Json>;
        };
        ComputedFields: never;
        Insert: {
          agent_id: string;
          content_sid: string;
          friendly_name?: string;
          updated_at?: string;
          user_id: string;
          variables?: NonNullable<Json>;
        };
        Update: {
          agent_id?: string;
          content_sid?: string;
          friendly_name?: string;
          updated_at?: string;
          user_id?: string;
          variables?: NonNullable<Json>;
        };
        Relationships: [
          {
            foreignKeyName: 'whatsapp_template_choices_agent_id_user_id_fkey';
            columns: ['agent_id', 'user_id'];
            isOneToOne: false;
            referencedRelation: 'agents';
            referencedColumns: ['id', 'user_id'];
          },
        ];
      };
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      activate_free_pack: { Args: Record<PropertyKey, never>; Returns: number };
      admin_adjust_credits: { Args: { amount: number; reason: string; user_id: string }; Returns: number };
      admin_billing_months: {
        Args: { months?: number };
        Returns: {
          credits_granted: number;
          credits_purchased: number;
          credits_used: number;
          month: string;
          payments: number;
          refunds: number;
          refunds_cents: number;
          revenue_cents: number;
          subscriptions_running: number;
          subscriptions_started: number;
        }[];
      };
      admin_billing_totals: {
        Args: Record<PropertyKey, never>;
        Returns: {
          active_subscriptions: number;
          credits_purchased: number;
          currency: string;
          refunds_cents: number;
          revenue_cents: number;
        }[];
      };
      admin_billing_transactions: {
        Args: { page?: number; page_size?: number };
        Returns: {
          amount_cents: number;
          credits: number;
          currency: string;
          id: string;
          kind: string;
          pack_id: string;
          pack_name: string;
          processed_at: string;
          total_count: number;
          user_email: string;
          user_id: string;
          user_name: string;
        }[];
      };
      admin_cleanup_duplicate_users: { Args: Record<PropertyKey, never>; Returns: number };
      admin_delete_user: { Args: { user_id: string }; Returns: Json };
      admin_grant_credits: { Args: { amount: number; description?: string; user_id: string }; Returns: number };
      admin_list_users: {
        Args: { page_offset?: number; page_size?: number; search?: string };
        Returns: {
          avatar: string;
          created_at: string;
          credits: number;
          email: string;
          id: string;
          is_admin: boolean;
          lang: string;
          last_login: string;
          name: string;
          total_count: number;
          updated_at: string;
        }[];
      };
      admin_missing_profiles: {
        Args: Record<PropertyKey, never>;
        Returns: {
          email: string;
          id: string;
        }[];
      };
      admin_phone_numbers: {
        Args: { page?: number; page_size?: number; search?: string };
        Returns: {
          added_at: string;
          agent_id: string;
          agent_name: string;
          assigned_at: string;
          capabilities: Json;
          country_code: string;
          id: string;
          locality: string;
          owner_email: string;
          owner_id: string;
          owner_name: string;
          phone_number: string;
          total_count: number;
        }[];
      };
      admin_recover_profile: { Args: { user_id: string }; Returns: boolean };
      admin_save_packs: {
        Args: { packs: Json };
        Returns: {
          active: boolean;
          ai_call_summary: string;
          created_at: string;
          credits: number;
          crm_integrations: string | null;
          feature_list: string[];
          id: string;
          max_agents: number;
          minutes: number;
          monthly_credits: number;
          monthly_price: number;
          name: string;
          sort_order: number;
          support: string;
          transcription: boolean;
          updated_at: string;
          users: number;
          voice_cloning: string;
          whatsapp_conversations: number;
          yearly_price: number;
        }[];
        SetofOptions: {
          from: '*';
          to: 'packs';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      admin_save_tool_catalogue: { Args: { tools: Json }; Returns: number };
      admin_update_user: { Args: { is_admin: boolean; name: string; user_id: string }; Returns: undefined };
      agent_allowance: {
        Args: Record<PropertyKey, never>;
        Returns: {
          max_agents: number;
          pack_id: string;
          pack_name: string;
          used_agents: number;
        }[];
      };
      agent_for_turn: { Args: { agent_id?: string; subdomain?: string }; Returns: Json };
      assign_phone_number: { Args: { agent_id?: string; phone_number_id: string }; Returns: undefined };
      call_history: {
        Args: {
          agent?: string;
          before_at?: string;
          before_id?: string;
          filter_status?: string;
          only_call?: string;
          page_size?: number;
          search?: string;
          since?: string;
          until?: string;
        };
        Returns: {
          agent_id: string;
          agent_name: string;
          conversation_id: string;
          duration: number;
          from_number: string;
          id: string;
          kind: string;
          recording_mime: string;
          recording_path: string;
          started_at: string;
          status: string;
          to_number: string;
        }[];
      };
      cancel_phone_number_purchase: { Args: { owner_id: string }; Returns: undefined };
      cancel_subscription: {
        Args: { user_id?: string };
        Returns: {
          cancel_at_period_end: boolean;
          created_at: string;
          current_period_end: string;
          current_period_start: string;
          id: string;
          pack_id: string;
          status: string;
          updated_at: string;
          user_id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'subscriptions';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      check_phone_number_quota: { Args: { owner_id: string }; Returns: undefined };
      claim_notification_emails: {
        Args: { lease_seconds?: number; max_emails?: number };
        Returns: {
          attempts: number;
          data: Json;
          id: string;
          kind: string;
          lang: string;
          recipient: string;
          route: string;
        }[];
      };
      claim_outbound_message: {
        Args: {
          agent_id: string;
          body: string;
          channel: string;
          client_key?: string;
          conversation_id: string;
          recipient: string;
          subject: string;
        };
        Returns: Json;
      };
      claim_twilio_releases: {
        Args: { max_releases?: number; owner_id?: string };
        Returns: {
          account_sid: string;
          auth_token: string;
          id: string;
          kind: string;
          phone_number: string;
          provider_sid: string;
          sender_sid: string;
        }[];
      };
      claim_whatsapp_sender_polls: {
        Args: { max_senders?: number };
        Returns: {
          agent_id: string;
          config: Json;
        }[];
      };
      configure_web_widget: { Args: { agent_id: string; domain: string }; Returns: Json };
      connector_claim_deliveries: {
        Args: { idle_minutes?: number; lease_seconds?: number; max_deliveries?: number };
        Returns: {
          agent_id: string;
          attempts: number;
          conversation_ended_at: string;
          conversation_id: string;
          created_at: string;
          delivered_at: string | null;
          error: string | null;
          id: string;
          kind: string;
          last_attempt_at: string | null;
          next_attempt_at: string;
          status: string;
          status_code: number | null;
          updated_at: string;
          url: string;
          user_id: string;
        }[];
        SetofOptions: {
          from: '*';
          to: 'connector_deliveries';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      connector_signing_secret: { Args: { agent_id: string }; Returns: string };
      contact_cards: {
        Args: {
          before_id?: string;
          before_key?: string;
          favorites_only?: boolean;
          page_size?: number;
          search?: string;
        };
        Returns: {
          channels: string[];
          conversation_count: number;
          email: string;
          favorite: boolean;
          first_name: string;
          id: string;
          last_contact_date: string;
          last_name: string;
          notes: string;
          phone: string;
          sort_key: string;
          total_call_duration: number;
        }[];
      };
      contact_timeline: {
        Args: { before_at?: string; before_id?: string; contact: string; page_size?: number };
        Returns: {
          agent_id: string;
          agent_name: string;
          call_duration: number;
          call_id: string;
          call_kind: string;
          call_status: string;
          channel: string;
          conversation_id: string;
          from_number: string;
          last_message_at: string;
          message_count: number;
          preview: string;
          recording_mime: string;
          recording_path: string;
          satisfaction: number;
          started_at: string;
        }[];
      };
      conversation_inbox: {
        Args: {
          agent?: string;
          before_at?: string;
          before_id?: string;
          filter_channel?: string;
          filter_contact?: string;
          filter_rating?: string;
          page_size?: number;
          since?: string;
          until?: string;
        };
        Returns: {
          agent_id: string;
          agent_name: string;
          channel: string;
          contact_id: string;
          contact_name: string;
          ended_at: string;
          id: string;
          language: string;
          last_message_at: string;
          message_count: number;
          preview: string;
          satisfaction: number;
          started_at: string;
          visitor_id: string;
        }[];
      };
      create_subscription: {
        Args: { pack_id: string; user_id: string };
        Returns: {
          cancel_at_period_end: boolean;
          created_at: string;
          current_period_end: string;
          current_period_start: string;
          id: string;
          pack_id: string;
          status: string;
          updated_at: string;
          user_id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'subscriptions';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      disable_web_widget: { Args: { agent_id: string }; Returns: Json };
      finish_phone_number_release: {
        Args: { error?: string; release_id: string; released: boolean };
        Returns: undefined;
      };
      insights_agent_statistics: { Args: { agent_id: string; period: string; time_zone?: string }; Returns: Json };
      insights_dashboard: { Args: { period: string; time_zone?: string }; Returns: Json };
      insights_series: {
        Args: { for_agent?: string; for_channel?: string; from_date: string; time_zone?: string; to_date: string };
        Returns: {
          agent_id: string;
          call_seconds: number;
          calls: number;
          channel: string;
          conversations: number;
          day: string;
          messages: number;
          satisfaction: number;
        }[];
      };
      interrupt_knowledge_uploads: { Args: { abandoned?: string[] }; Returns: number };
      marketplace_agents: {
        Args: { filter_category?: string; page?: number; page_size?: number; search?: string };
        Returns: {
          avatar_url: string;
          category: string;
          company_name: string;
          created_at: string;
          id: string;
          name: string;
          subdomain: string;
        }[];
      };
      match_knowledge_chunks: {
        Args: {
          agent_id: string;
          candidates?: number;
          match_count?: number;
          min_similarity?: number;
          query_embedding: string;
          query_text?: string;
        };
        Returns: {
          chunk_id: number;
          content: string;
          document_id: string;
          document_name: string;
          score: number;
          similarity: number;
          text_rank: number;
          vector_rank: number;
        }[];
      };
      minutes_usage: {
        Args: Record<PropertyKey, never>;
        Returns: {
          included_minutes: number;
          pack_id: string;
          pack_name: string;
          period_end: string;
          period_start: string;
          subscribed: boolean;
          used_minutes: number;
        }[];
      };
      phone_attach_call: {
        Args: { call_id: string; call_sid: string };
        Returns: {
          agent_id: string;
          agent_name: string;
          call_id_out: string;
          call_sid_out: string;
          conversation_id: string;
          from_number: string;
          language: string;
          owner_id: string;
          reserved_seconds: number;
          seconds_left: number;
          source: string;
          transfer_number: string;
          voice: string;
          voice_mode: string;
        }[];
      };
      phone_call_status: {
        Args: { call_sid: string; duration?: number; lease_seconds?: number; status: string };
        Returns: {
          call_id: string;
          credits_charged: number;
          settled: boolean;
          status_out: string;
        }[];
      };
      phone_heartbeat: {
        Args: { call_id: string; lease_seconds: number };
        Returns: {
          final: boolean;
          idle_seconds: number;
          open: boolean;
          seconds_left: number;
        }[];
      };
      phone_link_recording: {
        Args: { call_id: string; channels: number; duration?: number; recording_path: string; recording_sid: string };
        Returns: boolean;
      };
      phone_mark_ended: { Args: { call_id: string; reason: string }; Returns: undefined };
      phone_open_call: {
        Args: { call_sid: string; default_voice_mode?: string; from_number: string; to_number: string };
        Returns: {
          agent_id: string;
          agent_name: string;
          call_id: string;
          call_sid_out: string;
          conversation_id: string;
          from_number_out: string;
          language: string;
          outcome: string;
          owner_id: string;
          reserved_seconds: number;
          seconds_left: number;
          source: string;
          transfer_number: string;
          voice: string;
          voice_mode: string;
        }[];
      };
      phone_open_sandbox_call: {
        Args: { agent_id: string; default_voice_mode?: string };
        Returns: {
          call_id: string;
          call_sid: string;
          conversation_id: string;
          reserved_seconds: number;
          source: string;
          voice_mode: string;
        }[];
      };
      phone_recording_target: {
        Args: { call_sid: string; recording_sid: string };
        Returns: {
          agent_id: string;
          already_linked: boolean;
          call_id: string;
          owner_id: string;
        }[];
      };
      phone_request_transfer: {
        Args: { conversation_id: string };
        Returns: {
          call_id: string;
          call_sid: string;
          source: string;
          time_limit_seconds: number;
          transfer_number: string;
        }[];
      };
      phone_transfer_target: {
        Args: { call_sid: string };
        Returns: {
          time_limit_seconds: number;
          transfer_number: string;
        }[];
      };
      public_agent: { Args: { subdomain: string }; Returns: Json };
      public_conversation_messages: {
        Args: { conversation_id: string; visitor_key: string };
        Returns: {
          citations: Json;
          content: string;
          id: string;
          metadata: Json;
          role: string;
          timestamp: string;
        }[];
      };
      public_web_widget: { Args: { subdomain: string }; Returns: Json };
      publish_announcement: { Args: { body: string; subject: string }; Returns: number };
      purchase_credits: { Args: { amount: number; pack_id?: string; user_id: string }; Returns: number };
      queue_usage_reports: { Args: { report_month?: string }; Returns: number };
      rate_conversation: { Args: { conversation_id: string; rating: number; visitor_key: string }; Returns: number };
      rate_phone_call: { Args: { call_id: string; rating: number }; Returns: number };
      rate_voice_call: { Args: { call_id: string; rating: number }; Returns: number };
      record_checkout_payment: {
        Args: {
          amount_cents?: number;
          checkout_ref?: string;
          currency?: string;
          event_id: string;
          event_type: string;
          pack_id: string;
          payment_ref?: string;
          user_id: string;
        };
        Returns: boolean;
      };
      record_notification_email: {
        Args: { email_id: string; error?: string; retry_in_seconds?: number; sent: boolean };
        Returns: undefined;
      };
      record_purchased_phone_number: {
        Args: {
          actor_id: string;
          address_requirements?: string;
          agent_id?: string;
          capabilities?: Json;
          country_code?: string;
          locality?: string;
          owner_id: string;
          phone_number: string;
          provider_sid: string;
        };
        Returns: string;
      };
      record_refund: {
        Args: { amount_cents: number; currency?: string; event_id: string; event_type: string; payment_ref: string };
        Returns: Json;
      };
      record_released_phone_number: { Args: { actor_id: string; phone_number_id: string }; Returns: undefined };
      release_phone_number: { Args: { phone_number_id: string }; Returns: undefined };
      report_knowledge_upload_progress: { Args: { document_id: string; progress: number }; Returns: boolean };
      reserve_inventory: {
        Args: { agent_id: string; quantity: number; sku: string };
        Returns: {
          agent_id: string;
          created_at: string;
          description: string;
          id: string;
          location: string | null;
          low_stock_threshold: number;
          name: string;
          price: number | null;
          quantity: number;
          reserved: number;
          sku: string;
          updated_at: string;
          user_id: string;
        };
        SetofOptions: {
          from: '*';
          to: 'inventory_items';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      reserve_phone_number_purchase: { Args: { owner_id: string }; Returns: undefined };
      save_chat_message: { Args: { conversation: Json; message: Json }; Returns: string };
      schedule_jobs: { Args: { project_url: string }; Returns: number };
      scheduled_jobs: {
        Args: Record<PropertyKey, never>;
        Returns: {
          cron_schedule: string;
          every_seconds: number;
          function_path: string;
          name: string;
        }[];
      };
      set_user_admin: { Args: { is_admin: boolean; user_id: string }; Returns: undefined };
      subdomain_available: { Args: { agent_id?: string; subdomain: string }; Returns: boolean };
      subdomain_redirect: { Args: { subdomain: string }; Returns: string };
      sweep_calls: {
        Args: {
          browser_grace_seconds?: number;
          lease_seconds: number;
          max_calls?: number;
          phone_grace_seconds?: number;
        };
        Returns: {
          call_id: string;
          call_sid: string;
          credits_charged: number;
          duration_seconds: number;
          kind: string;
          source: string;
        }[];
      };
      sweep_interrupted_knowledge_uploads: { Args: Record<PropertyKey, never>; Returns: number };
      sync_recording_annotation: {
        Args: { call_id: string; call_kind: string; edited_at: string; notes: string; rubric: Json; tags: string[] };
        Returns: {
          call_id: string;
          call_kind: string;
          edited_at: string;
          lost: boolean;
          notes: string;
          rubric: Json;
          tags: string[];
          updated_at: string;
        }[];
      };
      twilio_claim_webhook: {
        Args: { idempotency_token?: string; kind: string; natural_key: string };
        Returns: boolean;
      };
      twilio_release_webhook: { Args: { kind: string; natural_key: string }; Returns: undefined };
      update_site_config: {
        Args: { config: Json };
        Returns: {
          created_at: string;
          favicon: string | null;
          id: string;
          meta_description: string | null;
          meta_title: string | null;
          og_description: string | null;
          og_image: string | null;
          og_title: string | null;
          twitter_card: string;
          twitter_description: string | null;
          twitter_image: string | null;
          twitter_title: string | null;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'site_config';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      use_credits: { Args: { amount: number; call_id?: string; user_id?: string }; Returns: boolean };
      voice_abort_call: { Args: { call_id: string }; Returns: undefined };
      voice_attach_provider_call: { Args: { call_id: string; provider_call_id: string }; Returns: boolean };
      voice_call_admit: {
        Args: {
          address_concurrent: number;
          address_key: string;
          address_limit: number;
          agent_id: string;
          agent_limit: number;
          newcomer_reserve: number;
          visitor_concurrent: number;
          visitor_key: string;
          visitor_limit: number;
          window_seconds: number;
        };
        Returns: Json;
      };
      voice_call_link_start: { Args: { call_id: string; start_id: number }; Returns: boolean };
      voice_control_heartbeat: {
        Args: { call_id: string; caller_audio: boolean; lease_seconds: number };
        Returns: {
          idle_seconds: number;
          open: boolean;
          provider_call_id: string;
          reservation_final: boolean;
          seconds_left: number;
        }[];
      };
      voice_end_call: {
        Args: { call_id: string; lease_seconds: number; transcript?: Json };
        Returns: {
          claimed: boolean;
          credits_charged: number;
          duration_seconds: number;
          provider_call_id: string;
        }[];
      };
      voice_hangups_due: {
        Args: { max_calls?: number };
        Returns: {
          call_id: string;
          provider_call_id: string;
        }[];
      };
      voice_heartbeat: {
        Args: { call_id: string; lease_seconds: number };
        Returns: {
          open: boolean;
          provider_call_id: string;
          reservation_final: boolean;
          seconds_left: number;
        }[];
      };
      voice_open_call: {
        Args: { agent_id: string; caller_id?: string; format?: string; mime_type?: string; storage_path?: string };
        Returns: {
          call_id: string;
          conversation_id: string;
          longest_seconds: number;
          reservation_final: boolean;
          reserved_seconds: number;
        }[];
      };
      voice_record_hangup: { Args: { call_id: string; hung_up: boolean }; Returns: undefined };
      whatsapp_claim_conversation: { Args: { conversation_id: string }; Returns: string };
      whatsapp_message_status: {
        Args: {
          account_sid: string;
          error_code: number;
          error_message: string;
          message_sid: string;
          platform_account_sid: string;
          status: string;
        };
        Returns: string;
      };
      whatsapp_receive_message: {
        Args: {
          account_sid: string;
          body: string;
          from_number: string;
          media: Json;
          message_sid: string;
          platform_account_sid: string;
          profile_name: string;
          to_number: string;
        };
        Returns: {
          agent_id: string;
          conversation_id: string;
          message_id: string;
          outcome: string;
          owner_id: string;
          received_at: string;
        }[];
      };
      whatsapp_thread_messages: {
        Args: {
          before_at?: string;
          before_id?: string;
          page_size?: number;
          thread_agent: string;
          thread_contact: string;
        };
        Returns: {
          body: string;
          conversation_id: string;
          direction: string;
          error_code: number;
          error_message: string;
          id: string;
          media: Json;
          message_id: string;
          message_sid: string;
          not_sent_reason: string;
          profile_name: string;
          sent_at: string;
          sent_by_owner: boolean;
          status: string;
        }[];
      };
      whatsapp_threads: {
        Args: { agent_filter?: string; before_at?: string; before_key?: string; page_size?: number };
        Returns: {
          agent_id: string;
          agent_name: string;
          contact_number: string;
          conversation_id: string;
          failed_count: number;
          last_body: string;
          last_direction: string;
          last_media_count: number;
          last_message_at: string;
          last_status: string;
          message_count: number;
          profile_name: string;
          thread_key: string;
        }[];
      };
      whatsapp_usage: {
        Args: Record<PropertyKey, never>;
        Returns: {
          conversations_included: number;
          conversations_used: number;
          messages_sent: number;
          period_start: string;
          speech_characters: number;
          tokens: number;
        }[];
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
